// edit_file: replace one exact piece of a workspace file (edit-file-tool.ts,
// loaded with the first tool set: tool-runs.ts), asked for approval by the tool
// with the line it found and the -/+ lines. It writes files: its change (the
// piece out, its replacement in) is its row's diff and its ACP diff.
import { defineTool } from '../descriptor';
import { editFileSignature } from './edit-file-signature';
import { toolRuns } from '../tool-runs';

export const editFileTool = defineTool(editFileSignature, {
  needs: ['workspace'],
  effects: ['writes'],
  changes: ({ path, old_string, new_string }) => [{ path, oldText: old_string, newText: new_string }],
  create: (set) =>
    toolRuns().createEditFileTool({
      workspace: set.workspace(),
      approvals: set.approvals(),
      protect: set.protection(),
    }),
});
