// The subagent tool's runner (ToolSetOptions.subagents). The child's run, with the
// agent loop, is its own lazy module (dist/subagent-run.js), loaded at the first
// call, so a session that never starts a subagent never loads it.
import type { RunSubagent } from '../tools/subagent/subagent-tool';
import type { SubagentDeps } from './subagent-run';

/** Each child one turn of the agent loop with `deps`. */
export function subagentRunner(deps: SubagentDeps): RunSubagent {
  return async (request) => {
    const { runSubagent } = await import('./subagent-run');
    return runSubagent(deps, request);
  };
}
