// edit_file: replace one exact piece of a workspace file (edit-file-tool.ts), asked
// for approval by the tool with the line it found and the -/+ lines; its row is
// that diff.
import { editFileView } from '../file-views';
import { defineTool } from '../descriptor';
import { createEditFileTool, editFileSignature } from './edit-file-tool';

export const editFileTool = defineTool(editFileSignature, {
  needs: ['workspace'],
  present: ({ call }) => editFileView(call),
  create: (set) =>
    createEditFileTool({ workspace: set.workspace(), approvals: set.approvals(), protect: set.protection() }),
});
