// grep: a linear-time regex search of the workspace's files (grep-tool.ts), with
// ripgrep where the tool set says to look (then PATH); its row
// is the generic view with the pattern as summary.
import { grepView } from '../file-views';
import { defineTool } from '../descriptor';
import { createGrepTool, grepSignature } from './grep-tool';
import { ripgrepLocator } from './ripgrep';

export const grepTool = defineTool(grepSignature, {
  needs: ['workspace'],
  present: ({ call }) => grepView(call),
  create: (set) => createGrepTool(set.workspace(), set.redactor, ripgrepLocator(set.options.ripgrep)),
});
