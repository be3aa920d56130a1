// The text the model reads in place of the history a `context/compact` covers: its
// own summary, then the standing plan restated from the log. The plan is what
// compaction must never lose (the complaint about other agents: a long list gone,
// finished items coming back as active), so every item is listed with its status,
// in the model's order, and the model is told the list is authoritative.
import type { TodoItem } from '../plan/todo-schema';

const SUMMARY_HEADING = '[Earlier conversation, summarized because the context window filled up]';
const PLAN_HEADING =
  '[Standing plan: your todo list as it stands on the session ' +
  'log. It is authoritative; keep it current with todo_write]';

function planLines(plan: readonly TodoItem[] | null): string {
  if (plan === null) return 'No todo list has been written in this turn yet.';
  if (plan.length === 0) return 'The todo list is empty.';
  return plan.map((item, i) => `${i + 1}. [${item.status}] ${item.content}`).join('\n');
}

export function summaryMessageText(summary: string, plan: readonly TodoItem[] | null): string {
  return `${SUMMARY_HEADING}\n${summary.trim()}\n\n${PLAN_HEADING}\n${planLines(plan)}`;
}
