// write_file: create or replace a workspace file (write-file-tool.ts), asked for
// approval by the tool with the resolved path and a preview of the content; its row
// is the content as added lines.
import { writeFileView } from '../file-views';
import { defineTool } from '../descriptor';
import { createWriteFileTool, writeFileSignature } from './write-file-tool';

export const writeFileTool = defineTool(writeFileSignature, {
  needs: ['workspace'],
  present: ({ call }) => writeFileView(call),
  create: (set) =>
    createWriteFileTool({ workspace: set.workspace(), approvals: set.approvals(), protect: set.protection() }),
});
