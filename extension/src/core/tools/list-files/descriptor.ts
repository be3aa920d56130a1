// list_files: the files under a workspace folder, filtered by a glob
// (list-files-tool.ts); its row is the generic view with the path as summary.
import { listFilesView } from '../file-views';
import { defineTool } from '../descriptor';
import { createListFilesTool, LIST_FILES_TOOL_NAME, listFilesArgsSchema } from './list-files-tool';

export const listFilesTool = defineTool({
  name: LIST_FILES_TOOL_NAME,
  args: listFilesArgsSchema,
  needs: ['workspace'],
  asksApproval: false,
  present: ({ call }) => listFilesView(call),
  create: (set) => createListFilesTool(set.workspace()),
});
