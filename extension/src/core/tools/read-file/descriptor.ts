// read_file: a window of a workspace text file, numbered (read-file-tool.ts); its row
// is the generic view with the path as summary. It only reads, so planning may use it.
import { genericView } from '../tool-presenter';
import { defineTool } from '../descriptor';
import { summaryView } from '../file-views';
import { createReadFileTool, readFileSignature } from './read-file-tool';

export const readFileTool = defineTool(readFileSignature, {
  needs: ['workspace'],
  effects: ['reads'],
  present: ({ call, args }) => (args === null ? genericView(call) : summaryView(call, args.path)),
  create: (set) => createReadFileTool(set.workspace(), set.redactor),
});
