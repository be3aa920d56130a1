// write_file: create or replace a workspace file (write-file-tool.ts), asked for
// approval by the tool with the resolved path and a preview of the content; its row
// is the content as added lines.
import { writeFileView } from '../file-views';
import { defineTool } from '../descriptor';
import { createWriteFileTool, WRITE_FILE_TOOL_NAME, writeFileArgsSchema } from './write-file-tool';

export const writeFileTool = defineTool({
  name: WRITE_FILE_TOOL_NAME,
  args: writeFileArgsSchema,
  needs: ['workspace'],
  asksApproval: true,
  present: ({ call }) => writeFileView(call),
  create: (set) => createWriteFileTool({ workspace: set.workspace(), approvals: set.approvals(), protect: set.protection() }),
});
