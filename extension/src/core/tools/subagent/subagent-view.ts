// The subagent call's presenter: its task (the `description` it was given), the
// child session once `subagent/start` names it (outcome from `subagent/end`) and
// the final answer.
import { oneLine, type PresentedCall, type ToolCallRecord } from '../tool-presenter';

/** `description`: the call's argument as the descriptor checked it (null when the arguments do not fit). */
export function subagentView(call: ToolCallRecord, description: string | null): PresentedCall {
  const shown = call.child?.description || description || '';
  return {
    summary: oneLine(shown),
    view: { kind: 'subagent', description: shown, child: call.child, result: call.result?.content ?? null },
  };
}
