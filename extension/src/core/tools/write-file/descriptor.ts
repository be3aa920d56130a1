// write_file: create or replace a workspace file (write-file-tool.ts, loaded
// with the first tool set: tool-runs.ts), asked for approval by the tool with
// the resolved path and a preview of the content. It writes files: its change
// is the whole new content (its row shows it as added lines, its ACP diff has
// no old text).
import { defineTool } from '../descriptor';
import { writeFileSignature } from './write-file-signature';
import { toolRuns } from '../tool-runs';

export const writeFileTool = defineTool(writeFileSignature, {
  needs: ['workspace'],
  effects: ['writes'],
  changes: ({ path, content }) => [{ path, oldText: null, newText: content }],
  create: (set) =>
    toolRuns().createWriteFileTool({
      workspace: set.workspace(),
      approvals: set.approvals(),
      protect: set.protection(),
    }),
});
