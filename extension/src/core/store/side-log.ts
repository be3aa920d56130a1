// A side log: events of our own about a session log we may not write (a followed or
// imported agent's session: the follower holds its lock and a re-import rewrites it).
// It sits beside the log as `<log>.<name>.jsonl`, one event envelope a line (the same
// schemas as in a session log, events.ts), each with its own `seq` counted from 1 in
// the side log. Its writer is whoever adds an event (a window, the CLI), under a lock
// of its own (`<side log>.lock`, lock.ts), so it never waits for the log's writer.
// Reading is bounded (MAX_SIDE_LOG_BYTES) and inert: a line that is not a valid event
// of an allowed type is skipped, never trusted. Generic on purpose: plan comments use
// `comments`; other side logs name their own file and allowed types.
import * as fs from 'node:fs';
import {
  buildEnvelope,
  isKnownEventType,
  parseEvent,
  rawEnvelopeSchema,
  type SessionEvent,
  type SessionEventMap,
} from '../session/events';
import { brandedError } from '../error-brand';
import { acquireLock } from './lock';
import { openNoFollow } from './no-follow';
import { parseJson } from './parse-json';

/** The most a side log is read of; past it, the rest is not read (and nothing more is appended). */
const MAX_SIDE_LOG_BYTES = 1 << 20;

export function sideLogPath(logPath: string, name: string): string {
  return `${logPath}.${name}.jsonl`;
}

function readBounded(sidePath: string): string {
  let fd: number;
  try {
    fd = openNoFollow(sidePath, fs.constants.O_RDONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
  try {
    const buffer = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_SIDE_LOG_BYTES));
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** The side log's valid events of `types`, in file order; a missing side log has none. */
export function readSideLog(sidePath: string, types: ReadonlySet<SessionEvent['type']>): SessionEvent[] {
  const events: SessionEvent[] = [];
  const lines = readBounded(sidePath).split('\n');
  lines.pop(); // the part after the last newline: empty, torn or cut at the bound
  for (const line of lines) {
    const raw = rawEnvelopeSchema.safeParse(parseJson(line));
    if (!raw.success || !isKnownEventType(raw.data.type) || !types.has(raw.data.type)) continue;
    const event = parseEvent(raw.data);
    if (typeof event !== 'string') events.push(event);
  }
  return events;
}

/** A side log is full: nothing more is appended to it. */
class SideLogFullError extends brandedError('SideLogFullError') {
  constructor(readonly sidePath: string) {
    super(`${sidePath} holds ${MAX_SIDE_LOG_BYTES} bytes, the most a side log holds; nothing more is added`);
    this.name = 'SideLogFullError';
  }
}

/**
 * Appends one event under the side log's own lock (refused with SessionLockedError while another process appends),
 * its seq one past the side log's last; returns it.
 */
export function appendSideLog<K extends keyof SessionEventMap>(
  sidePath: string,
  types: ReadonlySet<SessionEvent['type']>,
  type: K,
  data: SessionEventMap[K],
): SessionEvent {
  const lock = acquireLock(sidePath);
  try {
    const before = readSideLog(sidePath, types);
    const event = buildEnvelope(type, (before.at(-1)?.seq ?? 0) + 1, new Date().toISOString(), data);
    const line = `${JSON.stringify(event)}\n`;
    const fd = openNoFollow(sidePath, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT, 0o600);
    try {
      if (fs.fstatSync(fd).size + Buffer.byteLength(line) > MAX_SIDE_LOG_BYTES) throw new SideLogFullError(sidePath);
      fs.writeSync(fd, line);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return event;
  } finally {
    lock.dispose();
  }
}
