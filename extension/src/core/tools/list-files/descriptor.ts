// list_files: the files under a workspace folder, filtered by a glob
// (list-files-tool.ts, loaded with the first tool set: tool-runs.ts); its row
// is the generic view with the path as summary. It only reads (ACP shows it as
// a search), so planning may use it.
import { genericView } from '../tool-presenter';
import { defineTool } from '../descriptor';
import { summaryView } from '../file-views';
import { listFilesSignature } from './list-files-signature';
import { toolRuns } from '../tool-runs';

export const listFilesTool = defineTool(listFilesSignature, {
  needs: ['workspace'],
  effects: ['reads'],
  acpKind: 'search',
  present: ({ call, args }) => (args === null ? genericView(call) : summaryView(call, args.path ?? '')),
  create: (set) => toolRuns().createListFilesTool(set.workspace()),
});
