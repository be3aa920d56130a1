// Reading a log from its end: the standing plan and the transcript's tail page cost
// what the last few lines cost, whatever the file's size. A torn last line (a write
// in flight or a crash) is passed over; a whole line missing only its newline counts.
import * as fs from 'node:fs';
import type { TodoItem } from '../plan/todo-schema';
import { todosProjection, type PlanState } from '../plan/todos-projection';
import { parseEvent, rawEnvelopeSchema, type SessionEvent } from '../session/events';
import { InvariantChecker } from '../session/invariants';
import { forEachLineBackward, lineNumberAt } from './line-reader';
import { admitEventLine, LogLoadError, isLogLoadError, parseHeaderLine } from './log-file';
import { parseJson } from './parse-json';

/**
 * The standing plan — the latest todo/write not followed by a later turn/start, or the
 * latest todo/user-edit whatever turns followed (a user plan carries), or a plan whose
 * latest event is a plan-first review (it carries too); null when there
 * is none — read from the log's tail and VALIDATED like `check` validates:
 * the lines from the last turn/start (or the header) to the end go through the same
 * schemas and invariant checker as a full load (admitEventLine), the checker resumed
 * just before that turn/start, where the log's position is fully known. So it
 * refuses what `check` refuses among the lines it reads (a duplicated last line, a
 * zero-byte file…), with the same LogLoadError; the line number of a refusal is
 * counted only then. Cost: the last turn's bytes, whatever the file's size, plus, to
 * know what plan that turn started with, a read back to the latest plan event before it
 * (carriedPlan; a long run of turns without any plan event is read through).
 * It reads at most the last `withinBytes` bytes of the log (a bounded synchronous read,
 * for a preview): undefined when the plan is decided further back.
 */
export function readRecentPlan(logPath: string, withinBytes: number): TodoItem[] | null | undefined {
  return readPlanAbove(logPath, Math.max(0, fs.statSync(logPath).size - withinBytes));
}

/** readRecentPlan reading no byte before `floor`; undefined when what decides the plan lies before it. */
function readPlanAbove(logPath: string, floor: number): TodoItem[] | null | undefined {
  const window: { text: string; start: number; terminated: boolean }[] = []; // newest first
  const ended = forEachLineBackward(
    logPath,
    (line) => {
      window.push(line);
      if (line.start === 0) return true; // the header
      const raw = line.terminated ? rawEnvelopeSchema.safeParse(parseJson(line.text)) : null;
      return raw?.success === true && raw.data.type === 'turn/start';
    },
    { floor },
  );
  if (!ended) return undefined;
  window.reverse();
  if (window.length === 0) throw new LogLoadError(logPath, 1, 'empty log: no session header');
  const first = window[0]!;
  const checker = first.start === 0 ? new InvariantChecker() : resumeBefore(first.text);
  let header = first.start !== 0;
  const carried = first.start === 0 ? todosProjection.init : carriedPlan(logPath, first.start, floor);
  if (carried === undefined) return undefined;
  let plan: PlanState | null = carried;
  for (const line of window) {
    // A last line without its newline counts when it is whole JSON;
    // otherwise it is a torn write, passed over (as `check` does).
    if (!line.terminated && parseJson(line.text) === undefined) break;
    try {
      if (line.start === 0) {
        parseHeaderLine(logPath, line.text);
        header = true;
        continue;
      }
      const event = admitEventLine(logPath, checker, line.text, 0);
      if (event !== null) plan = todosProjection.apply(plan, event);
    } catch (error) {
      if (isLogLoadError(error)) throw new LogLoadError(logPath, lineNumberAt(logPath, line.start), error.reason);
      throw error;
    }
  }
  if (!header) throw new LogLoadError(logPath, 1, 'empty log: no session header');
  return plan === null ? null : [...plan.todos];
}

/**
 * The plan a turn starting at byte `before` begins with: the latest plan event before
 * it decides. A todo/write last: none (a turn/start cleared it). A todo/user-edit, or
 * a plan-first review event (plan/proposed, plan/approved, plan/rejected) after the
 * latest list: that plan carries; the lines from its list event on are folded. Every
 * line folded is validated (schema and the todo invariant) like every event a load admits.
 */
function carriedPlan(logPath: string, before: number, floor: number): PlanState | null | undefined {
  const folded: SessionEvent[] = []; // newest first
  let carries = false;
  const ended = forEachLineBackward(
    logPath,
    ({ text, start }) => {
      if (start === 0) return true; // the header
      const raw = rawEnvelopeSchema.safeParse(parseJson(text));
      if (!raw.success) throw new LogLoadError(logPath, lineNumberAt(logPath, start), 'not a valid event line');
      const type = raw.data.type;
      const review = type === 'plan/proposed' || type === 'plan/approved' || type === 'plan/rejected';
      if (type !== 'todo/write' && type !== 'todo/user-edit' && !review) return false;
      if (folded.length === 0 && type === 'todo/write') return true;
      carries = true;
      const event = parseEvent(raw.data);
      if (typeof event === 'string') throw new LogLoadError(logPath, lineNumberAt(logPath, start), event);
      folded.push(event);
      return !review;
    },
    { before, floor },
  );
  if (!ended) return undefined;
  if (!carries) return null;
  let plan: PlanState | null = null;
  for (const event of folded.reverse()) plan = todosProjection.apply(plan, event);
  return plan;
}

/** A checker positioned just before the turn/start line `text` (whose own validity admitEventLine checks). */
function resumeBefore(text: string): InvariantChecker {
  const raw = rawEnvelopeSchema.safeParse(parseJson(text));
  const event = raw.success ? parseEvent(raw.data) : null;
  if (event === null || typeof event === 'string' || event.type !== 'turn/start') return new InvariantChecker();
  return new InvariantChecker({ lastSeq: event.seq - 1, lastTurn: event.data.turn - 1 });
}

export interface TailPage {
  /** Oldest first. */
  events: SessionEvent[];
  /** The byte offset of each event's line (a cursor for the page before it). */
  starts: number[];
  /** Pass as `before` to read the page before this one; null at the start of the log. */
  cursor: number | null;
}

/** The last `limit` events before byte offset `before` (default: the end). */
export function readTailPage(logPath: string, limit: number, before?: number): TailPage {
  const events: SessionEvent[] = [];
  const starts: number[] = [];
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
      starts.push(start);
      cursor = start;
      return false;
    },
    before === undefined ? {} : { before },
  );
  return { events: events.reverse(), starts: starts.reverse(), cursor };
}
