// grep: a linear-time regex search of the workspace's files (grep-tool.ts); its row
// is the generic view with the pattern as summary.
import { grepView } from '../file-views';
import { defineTool } from '../descriptor';
import { createGrepTool, grepSignature } from './grep-tool';

export const grepTool = defineTool(grepSignature, {
  needs: ['workspace'],
  present: ({ call }) => grepView(call),
  create: (set) => createGrepTool(set.workspace(), set.redactor),
});
