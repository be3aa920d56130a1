// The text a turn ended with: what a subagent hands back to its parent, and what
// `agent-checklist run` prints. Its own module: the CLI reads it without loading
// subagent-run.ts, which the subagent tool loads at its first call.
import type { SessionEvent } from '../session/events';

/** The last non-empty assistant text of `turn` (what a parent, or the CLI, reports as the answer). */
export function finalAssistantText(events: readonly SessionEvent[], turn: number): string {
  let text = '';
  let current = 0;
  for (const event of events) {
    if (event.type === 'turn/start') current = event.data.turn;
    if (current === turn && event.type === 'assistant/message') {
      const t = event.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      if (t) text = t;
    }
  }
  return text;
}
