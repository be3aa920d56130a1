// subagent: a self-contained task handed to a child session (subagent-tool.ts, run by
// the agent's loop: agent/subagent-run.ts)
// with the same tool set one level down; past MAX_SUBAGENT_DEPTH the set is built
// without it. Its row shows the task, the child session and its answer. Its child
// runs the same tools in the workspace, so it may read, write and run; its own
// call is no evidence kind of its own (`other`).
import { MAX_SUBAGENT_DEPTH, SUBAGENT_TOOL_NAME, subagentArgsSchema } from './subagent-signature';
import { toolRuns } from '../tool-runs';
import { defineTool } from '../descriptor';
import { subagentView } from './subagent-view';

export const subagentTool = defineTool(
  { name: SUBAGENT_TOOL_NAME, args: subagentArgsSchema, asksApproval: false },
  {
    effects: ['reads', 'writes', 'runs'],
    evidence: 'other',
    acpKind: 'other',
    present: ({ call, args }) => subagentView(call, args?.description ?? null),
    create: (set) => {
      const run = set.need(set.options.subagents, 'the subagent runner (provider, session store, max steps)');
      if (set.depth >= MAX_SUBAGENT_DEPTH) return null;
      return toolRuns().createSubagentTool({ run, depth: set.depth, buildChildTools: () => set.childTools() });
    },
  },
);
