// The built-in tools, in the order they are offered: one line per tool, each
// described in its own folder (tools/<tool>/descriptor.ts). A new built-in tool is
// its folder and one line here (and its entry in package.json's
// agentChecklist.tools.enabled enum, which a unit test checks against this list).
import { bashTool } from './bash/descriptor';
import { ToolCatalog } from './catalog';
import { editFileTool } from './edit-file/descriptor';
import { grepTool } from './grep/descriptor';
import { listFilesTool } from './list-files/descriptor';
import { readFileTool } from './read-file/descriptor';
import { subagentTool } from './subagent/descriptor';
import { answerToolFacts } from '../session/tool-facts';
import { todoWriteTool } from './todo-write/descriptor';
import { writeFileTool } from './write-file/descriptor';

const BUILT_IN_TOOL_DESCRIPTORS = [
  todoWriteTool,
  bashTool,
  readFileTool,
  writeFileTool,
  editFileTool,
  listFilesTool,
  grepTool,
  subagentTool,
] as const;

export type BuiltInTool = (typeof BUILT_IN_TOOL_DESCRIPTORS)[number]['name'];

export const BUILT_IN_TOOLS: readonly BuiltInTool[] = BUILT_IN_TOOL_DESCRIPTORS.map((d) => d.name);

/** The process's tools: the built-in ones and those registered at run time (vscode/public-api.ts, a CLI embedding). */
export const toolCatalog = new ToolCatalog(BUILT_IN_TOOL_DESCRIPTORS);
answerToolFacts(toolCatalog);
