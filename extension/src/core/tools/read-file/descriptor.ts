// read_file: a window of a workspace text file, numbered (read-file-tool.ts, loaded
// with the first tool set: tool-runs.ts); its row is the generic view with the path as
// summary. It only reads, so planning may use it.
import { genericView } from '../tool-presenter';
import { defineTool } from '../descriptor';
import { summaryView } from '../file-views';
import { readFileSignature } from './read-file-signature';
import { toolRuns } from '../tool-runs';

export const readFileTool = defineTool(readFileSignature, {
  needs: ['workspace'],
  effects: ['reads'],
  present: ({ call, args }) => (args === null ? genericView(call) : summaryView(call, args.path)),
  create: (set) => toolRuns().createReadFileTool(set.workspace(), set.redactor),
});
