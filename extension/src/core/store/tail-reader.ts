// Reading a log from its end: the standing plan and the transcript's tail page cost
// what the last few lines cost, whatever the file's size. A torn last line (a write
// in flight or a crash) is passed over; a whole line missing only its newline counts.
import { parseEvent, rawEnvelopeSchema, type SessionEvent } from '../session/events';
import type { TodoItem } from '../plan/todo-schema';
import { todoListSchema } from '../plan/todo-schema';
import { forEachLineBackward } from './line-reader';
import { parseJson } from './parse-json';

/**
 * The standing plan: the latest todo/write not followed by a later turn/start;
 * null when there is none. Stops at the first of the two it meets going back.
 */
export function readStandingPlan(logPath: string): TodoItem[] | null {
  let plan: TodoItem[] | null = null;
  forEachLineBackward(logPath, ({ text, terminated }) => {
    const json = parseJson(text);
    if (json === undefined) {
      if (!terminated) return false; // torn tail
      throw new Error(`${logPath}: a line before the end is not JSON; run \`agent-checklist check\` on it`);
    }
    if (typeof json !== 'object' || json === null || !('type' in json)) return false;
    if (json.type === 'turn/start' || json.type === 'session') return true;
    if (json.type !== 'todo/write') return false;
    const data = 'data' in json && typeof json.data === 'object' && json.data !== null && 'todos' in json.data ? json.data.todos : undefined;
    const todos = todoListSchema.safeParse(data);
    if (!todos.success) throw new Error(`${logPath}: the latest todo/write breaks the todo invariant; run \`agent-checklist check\` on it`);
    plan = todos.data;
    return true;
  });
  return plan;
}

export interface TailPage {
  /** Oldest first. */
  events: SessionEvent[];
  /** Pass as `before` to read the page before this one; null at the start of the log. */
  cursor: number | null;
}

/** The last `limit` events before byte offset `before` (default: the end). */
export function readTailPage(logPath: string, limit: number, before?: number): TailPage {
  const events: SessionEvent[] = [];
  let cursor: number | null = null;
  forEachLineBackward(
    logPath,
    ({ text, terminated, start }) => {
      const raw = rawEnvelopeSchema.safeParse(parseJson(text));
      if (!raw.success) {
        if (!terminated) return false;
        const header = parseJson(text);
        if (typeof header === 'object' && header !== null && 'type' in header && header.type === 'session') {
          cursor = null;
          return true;
        }
        throw new Error(`${logPath}: line at byte ${start} is not a valid event`);
      }
      const event = parseEvent(raw.data);
      if (typeof event === 'string') {
        if (raw.data.ignorable) return false;
        throw new Error(`${logPath}: line at byte ${start}: ${event}`);
      }
      if (events.length === limit) {
        return true;
      }
      events.push(event);
      cursor = start;
      return false;
    },
    before === undefined ? {} : { before },
  );
  return { events: events.reverse(), cursor };
}
