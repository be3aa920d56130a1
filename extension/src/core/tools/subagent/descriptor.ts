// subagent: a self-contained task handed to a child session (agent/subagent-tool.ts)
// with the same tool set one level down; past MAX_SUBAGENT_DEPTH the set is built
// without it. Its row shows the task, the child session and its answer.
import {
  createSubagentTool,
  MAX_SUBAGENT_DEPTH,
  SUBAGENT_TOOL_NAME,
  subagentArgsSchema,
} from '../../agent/subagent-tool';
import { defineTool } from '../descriptor';
import { subagentView } from './subagent-view';

export const subagentTool = defineTool(
  { name: SUBAGENT_TOOL_NAME, args: subagentArgsSchema, asksApproval: false },
  {
    present: ({ call, args }) => subagentView(call, args?.description ?? null),
    create: (set) => {
      const deps = set.need(set.options.subagents, 'the subagent runner (provider, session store, max steps)');
      if (set.depth >= MAX_SUBAGENT_DEPTH) return null;
      return createSubagentTool({ ...deps, depth: set.depth, buildChildTools: () => set.childTools() });
    },
  },
);
