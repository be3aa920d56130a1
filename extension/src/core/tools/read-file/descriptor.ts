// read_file: a window of a workspace text file, numbered (read-file-tool.ts); its row
// is the generic view with the path as summary.
import { readFileView } from '../file-views';
import { defineTool } from '../descriptor';
import { createReadFileTool, readFileSignature } from './read-file-tool';

export const readFileTool = defineTool(readFileSignature, {
  needs: ['workspace'],
  present: ({ call }) => readFileView(call),
  create: (set) => createReadFileTool(set.workspace(), set.redactor),
});
