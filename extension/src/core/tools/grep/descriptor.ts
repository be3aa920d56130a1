// grep: a linear-time regex search of the workspace's files (grep-tool.ts), with
// ripgrep where the tool set says to look (then PATH); its row is the generic view with
// the pattern as summary. It only reads (ACP shows it as a search), so planning may use it.
import { genericView } from '../tool-presenter';
import { defineTool } from '../descriptor';
import { summaryView } from '../file-views';
import { createGrepTool, grepSignature } from './grep-tool';
import { ripgrepLocator } from './ripgrep';

export const grepTool = defineTool(grepSignature, {
  needs: ['workspace'],
  effects: ['reads'],
  acpKind: 'search',
  present: ({ call, args }) => (args === null ? genericView(call) : summaryView(call, args.pattern)),
  create: (set) => createGrepTool(set.workspace(), set.redactor, ripgrepLocator(set.options.ripgrep)),
});
