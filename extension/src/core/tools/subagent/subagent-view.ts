// The subagent call's presenter: its task (the `description` it was given), the
// child session once `subagent/start` names it (outcome from `subagent/end`) and
// the final answer. Zod-free.
import { oneLine, stringArg, type PresentedCall, type ToolCallRecord } from '../../protocol/tool-view';

export function subagentView(call: ToolCallRecord): PresentedCall {
  const description = call.child?.description || stringArg(call.args, 'description') || '';
  return { summary: oneLine(description), view: { kind: 'subagent', description, child: call.child, result: call.result?.content ?? null } };
}
