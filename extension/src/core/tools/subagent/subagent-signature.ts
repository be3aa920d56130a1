// subagent's name and arguments (what a call is checked against) and its depth bound,
// apart from its implementation (subagent-tool.ts) so that the tool's descriptor
// (descriptor.ts) needs none of it: the implementation loads with the first tool set
// built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';

export const SUBAGENT_TOOL_NAME = 'subagent';
/** Sessions at this depth or deeper (root = 0) get no subagent tool. */
export const MAX_SUBAGENT_DEPTH = 2;

export const subagentArgsSchema = z.object({
  description: z
    .string()
    .check(z.trim(), z.minLength(1), z.describe('A short title for the task (3 to 6 words), shown to the user.')),
  prompt: z.string().check(z.minLength(1), z.describe('The complete task for the subagent: it sees nothing else.')),
});
