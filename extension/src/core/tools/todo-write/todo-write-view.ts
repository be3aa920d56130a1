// The todo_write call's one presenter: its row shows the list the tool VALIDATED and
// logged (the `todo/write` this call appended: trimmed, canonical), never the
// model's raw arguments; a rejected call (an error result, nothing appended) shows
// its error. Zod-free: importable by both bundles.
import { planView } from '../../plan/plan-presenter';
import type { PresentedCall, ToolCallRecord } from '../tool-presenter';

export { TODO_WRITE_TOOL_NAME } from '../../domain-literals';

export function todoWriteView(call: ToolCallRecord): PresentedCall {
  const rejected = call.todos === null && call.result?.isError === true ? call.result.content : null;
  return { summary: '', view: { kind: 'todo', plan: planView(call.todos), error: rejected } };
}
