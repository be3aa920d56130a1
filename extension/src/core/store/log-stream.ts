// Reading a whole log without holding the event loop: the file is read in chunks
// with async reads, each chunk's lines validated exactly as a load validates them
// (LogAdmitter: schemas, invariants, the torn tail) and handed on as one batch; the
// event loop runs between chunks. What is kept is the caller's business: fold the
// batches (SessionFolds) and drop them, and memory stays the folds' size.
import * as fs from 'node:fs';
import type { SessionEvent } from '../session/events';
import type { EventsOnDisk } from '../session/session';
import { LineSplitter } from './line-reader';
import { loadLogFile, LogAdmitter, type LoadedLog, type ReplayedLog } from './log-file';

/** Bytes per read: a chunk's lines are validated in one go, so this bounds one turn of the event loop. */
const CHUNK_BYTES = 32 * 1024;

/**
 * Streams `path` through full validation: `onEvents` gets each chunk's events, in order;
 * rejects with LogLoadError, or with `signal`'s reason once it aborts (checked before
 * each read: a read nobody waits for any more stops within a chunk).
 */
async function streamLogFile(
  path: string,
  onEvents: (events: SessionEvent[]) => void,
  signal?: AbortSignal,
): Promise<ReplayedLog> {
  signal?.throwIfAborted();
  const handle = await fs.promises.open(path, 'r');
  try {
    let batch: SessionEvent[] = [];
    const admitter = new LogAdmitter(path, (event) => void batch.push(event));
    const splitter = new LineSplitter();
    const block = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let offset = 0; ;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(block, 0, CHUNK_BYTES, offset);
      if (bytesRead === 0) break;
      splitter.push(block, bytesRead, ({ text, line }) => admitter.take(text, line));
      offset += bytesRead;
      if (batch.length) onEvents(batch);
      batch = [];
    }
    const log = admitter.finish(splitter.end());
    if (batch.length) onEvents(batch);
    return log;
  } finally {
    await handle.close();
  }
}

/**
 * loadLogFile without holding the event loop: every event into memory (a writer
 * continues from the result), read in chunks; `signal` as for streamLogFile.
 */
export async function loadLogFileAsync(path: string, signal?: AbortSignal): Promise<LoadedLog> {
  const events: SessionEvent[] = [];
  const replayed = await streamLogFile(
    path,
    (batch) => {
      for (const event of batch) events.push(event);
    },
    signal,
  );
  return { ...replayed, events };
}

/** A log streamed through full validation, its events handed on and not kept. */
export interface StreamedLog extends ReplayedLog {
  /** How many events it holds. */
  count: number;
  last: SessionEvent | undefined;
}

/**
 * streamLogFile that also counts the events and keeps the last (a session continues from it: Session.restoreOnDisk).
 */
export async function streamLog(
  path: string,
  onEvents: (events: SessionEvent[]) => void,
  signal?: AbortSignal,
): Promise<StreamedLog> {
  let count = 0;
  let last: SessionEvent | undefined;
  const replayed = await streamLogFile(
    path,
    (events) => {
      count += events.length;
      last = events.at(-1) ?? last;
      onEvents(events);
    },
    signal,
  );
  return { ...replayed, count, last };
}

/**
 * The events of `path` through `last` (those a streamed open saw), read back when a
 * reader needs them: the log is append-only, so they are its first events; what was
 * appended since (already in the session's memory) is left out.
 */
export function eventsOnDisk(path: string, last: SessionEvent | undefined): EventsOnDisk {
  const through = last?.seq ?? 0;
  const upTo = (events: SessionEvent[]): SessionEvent[] => {
    let end = events.length;
    while (end > 0 && events[end - 1]!.seq > through) end--;
    events.length = end;
    return events;
  };
  return {
    last,
    read: () => upTo(loadLogFile(path).events),
    readAsync: async (signal) => upTo((await loadLogFileAsync(path, signal)).events),
  };
}
