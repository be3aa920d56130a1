// What the built-in tools' descriptors create (tool-runs.ts loads this module at the first
// tool set built): each tool's implementation.
export { createBashTool } from './bash/bash-tool';
export { createEditFileTool } from './edit-file/edit-file-tool';
export { createGrepTool } from './grep/grep-tool';
export { createListFilesTool } from './list-files/list-files-tool';
export { createReadFileTool } from './read-file/read-file-tool';
export { createTodoWriteTool } from './todo-write/todo-write-tool';
export { createSubagentTool } from './subagent/subagent-tool';
export { createWriteFileTool } from './write-file/write-file-tool';
export { ripgrepLocator } from './grep/ripgrep';
