// The end of a session log as a card reads it: the events of its last `bytes` read
// backward (store/line-reader.ts), never the whole file. Each line is checked against
// the event map; a torn last line (a write in flight) is passed over, any other line
// that is not an event makes the log unreadable (the reason names its byte offset).
import * as fs from 'node:fs';
import { promptTitle } from '../import/agent-plan';
import { parseEvent, rawEnvelopeSchema, type SessionEvent } from '../session/events';
import { forEachLineBackward } from '../store/line-reader';
import { parseJson } from '../store/parse-json';

export interface LogWindow {
  /** Oldest first. */
  events: SessionEvent[];
  /** The window starts at the header: the events are the whole log. */
  whole: boolean;
  /** A turn is open at the end of the log. */
  turnOpen: boolean;
  /** The open turn's calls that have neither a decision nor a result yet (`asked`: an ACP agent asked permission). */
  openCalls: { tool: string; asked: boolean }[];
}

/** How far back, beyond the window, the latest turn mark is looked for. */
const TURN_BYTES = 1 << 20;

export function readWindow(logPath: string, bytes: number): LogWindow {
  const floor = Math.max(0, fs.statSync(logPath).size - bytes);
  const events: SessionEvent[] = [];
  let whole = false;
  forEachLineBackward(
    logPath,
    ({ text, start, terminated }) => {
      if (start === 0) {
        whole = true;
        return true;
      }
      const event = eventOf(text, start, terminated, events.length === 0);
      if (event !== null) events.push(event);
      return false;
    },
    { floor },
  );
  events.reverse();
  return { events, whole, turnOpen: turnOpenAt(logPath, events, whole ? null : floor), openCalls: openCalls(events) };
}

/** The event of a line; null for a torn last line. */
function eventOf(text: string, start: number, terminated: boolean, last: boolean): SessionEvent | null {
  const json = parseJson(text);
  if (json === undefined && last && !terminated) return null;
  const raw = rawEnvelopeSchema.safeParse(json);
  if (!raw.success) throw new Error(`the line at byte ${start} is not a valid event`);
  const event = parseEvent(raw.data);
  if (typeof event !== 'string') return event;
  if (raw.data.ignorable) return null;
  throw new Error(`the line at byte ${start}: ${event}`);
}

/** Whether the latest turn mark is a turn/start; read further back (bounded) when the window has none. */
function turnOpenAt(logPath: string, events: readonly SessionEvent[], floor: number | null): boolean {
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i]!.type;
    if (type === 'turn/start' || type === 'turn/end') return type === 'turn/start';
  }
  if (floor === null || floor === 0) return false;
  let open = false;
  forEachLineBackward(
    logPath,
    ({ text, start }) => {
      if (start === 0) return true;
      const raw = rawEnvelopeSchema.safeParse(parseJson(text));
      if (!raw.success || (raw.data.type !== 'turn/start' && raw.data.type !== 'turn/end')) return false;
      open = raw.data.type === 'turn/start';
      return true;
    },
    { before: floor, floor: Math.max(0, floor - TURN_BYTES) },
  );
  return open;
}

function openCalls(events: readonly SessionEvent[]): LogWindow['openCalls'] {
  const open = new Map<string, LogWindow['openCalls'][number]>();
  for (const event of events) {
    switch (event.type) {
      case 'tool/call':
        open.set(event.data.callId, { tool: event.data.name, asked: event.data.asked === true });
        break;
      case 'tool/approval':
      case 'tool/result':
        open.delete(event.data.callId);
        break;
      case 'turn/start':
      case 'turn/end':
        open.clear();
        break;
      default:
        break;
    }
  }
  return [...open.values()];
}

/** The first prompt among the log's first `bytes` (or the window, when it holds the whole log). */
export function firstPrompt(logPath: string, window: LogWindow, bytes = 64 * 1024): string | undefined {
  const fromWindow = window.whole ? window.events : headEvents(logPath, bytes);
  for (const event of fromWindow) if (event.type === 'user/message') return promptTitle(event.data.message.text);
  return undefined;
}

function headEvents(logPath: string, bytes: number): SessionEvent[] {
  const fd = fs.openSync(logPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(bytes);
    const n = fs.readSync(fd, buffer, 0, bytes, 0);
    const lines = buffer.toString('utf8', 0, n).split('\n').slice(1, -1); // the header; a cut last line
    const out: SessionEvent[] = [];
    for (const line of lines) {
      const raw = rawEnvelopeSchema.safeParse(parseJson(line));
      const event = raw.success ? parseEvent(raw.data) : null;
      if (event !== null && typeof event !== 'string') out.push(event);
    }
    return out;
  } finally {
    fs.closeSync(fd);
  }
}
