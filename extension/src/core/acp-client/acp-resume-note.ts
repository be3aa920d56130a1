// What a new ACP session is told when it continues one of our logs whose agent process
// has ended (the window reloaded, the editor restarted): the agent keeps its own
// history, which a new process does not have, so the first prompt opens with our
// summary of the log — the user's earlier prompts, the agent's last answer, and its
// plan: the latest list on the log (the agent's last plan, or the user's edit of it),
// which the agent still held even though a new turn clears the standing plan of ours
// (an agent keeps its plan across prompts), re-stated so the agent's next plan update
// starts from it. Pure; bounded in size whatever the log.
import type { TodoItem } from '../domain-literals';
import type { SessionEvent } from '../session/events';

/** The most earlier prompts listed (the latest ones), and the most characters kept of any one text. */
const MAX_PROMPTS = 20;
const MAX_TEXT = 2_000;

const clip = (text: string): string => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The note, or null when the log has no turn yet (nothing to continue). */
function acpResumeNote(events: readonly SessionEvent[]): string | null {
  const prompts: string[] = [];
  let lastAnswer: string | null = null;
  let plan: readonly TodoItem[] | null = null;
  for (const event of events) {
    if (event.type === 'todo/write' || event.type === 'todo/user-edit') plan = event.data.todos;
    else if (event.type === 'user/message') prompts.push(event.data.message.text);
    else if (event.type === 'assistant/message') {
      const text = event.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      if (text.trim() !== '') lastAnswer = text;
    }
  }
  if (prompts.length === 0) return null;
  const shown = prompts.slice(-MAX_PROMPTS);
  const lastOf = prompts.length > shown.length ? ` (the last ${shown.length} of ${prompts.length})` : '';
  const lines = [
    'This conversation continues an earlier session of yours whose process ' +
      'has ended; you do not have its history, so here is a summary of it.',
    `The user's earlier prompts${lastOf}:`,
    ...shown.map((p, i) => `${i + 1}. ${clip(p.trim())}`),
  ];
  if (lastAnswer !== null) lines.push('Your last answer:', clip(lastAnswer.trim()));
  if (plan === null || plan.length === 0) lines.push('You had no plan.');
  else
    lines.push(
      'Your plan as it stands (continue from this list: your next plan update starts from it):',
      ...plan.map((t) => `- [${t.status}] ${t.content}`),
    );
  return lines.join('\n');
}

/**
 * How a log is continued (acp-agent-session.ts): the agent's last session
 * (`acp/session`), loaded when the agent can, else the note; null with no turn yet.
 */
export function acpResume(events: readonly SessionEvent[]): { note: string; acpSessionId: string | null } | null {
  const note = acpResumeNote(events);
  if (note === null) return null;
  let acpSessionId: string | null = null;
  for (let i = events.length - 1; i >= 0 && acpSessionId === null; i--) {
    const event = events[i]!;
    if (event.type === 'acp/session') acpSessionId = event.data.sessionId;
  }
  return { note, acpSessionId };
}
