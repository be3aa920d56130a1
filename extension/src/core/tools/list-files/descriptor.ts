// list_files: the files under a workspace folder, filtered by a glob
// (list-files-tool.ts); its row is the generic view with the path as summary.
import { listFilesView } from '../file-views';
import { defineTool } from '../descriptor';
import { createListFilesTool, listFilesSignature } from './list-files-tool';

export const listFilesTool = defineTool(listFilesSignature, {
  needs: ['workspace'],
  present: ({ call }) => listFilesView(call),
  create: (set) => createListFilesTool(set.workspace()),
});
