// grep: a linear-time regex search of the workspace's files (grep-tool.ts); its row
// is the generic view with the pattern as summary.
import { grepView } from '../file-views';
import { defineTool } from '../descriptor';
import { createGrepTool, GREP_TOOL_NAME, grepArgsSchema } from './grep-tool';

export const grepTool = defineTool({
  name: GREP_TOOL_NAME,
  args: grepArgsSchema,
  needs: ['workspace'],
  asksApproval: false,
  present: ({ call }) => grepView(call),
  create: (set) => createGrepTool(set.workspace(), set.redactor),
});
