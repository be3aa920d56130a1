// grep: a linear-time regex search of the workspace's files (grep-tool.ts, loaded with the
// first tool set: tool-runs.ts), with ripgrep where the tool set says to look (then PATH);
// its row is the generic view with the pattern as summary. It only reads (ACP shows it as a
// search), so planning may use it.
import { genericView } from '../tool-presenter';
import { defineTool } from '../descriptor';
import { summaryView } from '../file-views';
import { grepSignature } from './grep-signature';
import { toolRuns } from '../tool-runs';

export const grepTool = defineTool(grepSignature, {
  needs: ['workspace'],
  effects: ['reads'],
  acpKind: 'search',
  present: ({ call, args }) => (args === null ? genericView(call) : summaryView(call, args.pattern)),
  create: (set) =>
    toolRuns().createGrepTool(set.workspace(), set.redactor, toolRuns().ripgrepLocator(set.options.ripgrep)),
});
