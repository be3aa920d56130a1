// A folder of session logs, `<sessionId>.jsonl` each. Opening for write takes the
// single-writer lock, cuts a torn tail, and repairs an interrupted turn before the
// caller sees the session; opening read-only changes nothing on disk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Disposable, DisposableStore } from '../disposable';
import type { SessionEvent } from '../session/events';
import { makeHeader, type SessionHeader } from '../session/header';
import { repairOpenTurn } from '../session/repair';
import { Session, type SessionOptions } from '../session/session';
import { FileSink } from './file-sink';
import { loadLogFile, parseHeaderLine, type LoadedLog } from './log-file';
import { eventsOnDisk, loadLogFileAsync, streamLog, type StreamedLog } from './log-stream';
import { acquireLock } from './lock';
import { makeSessionFolder, refuseLinkedFile, refuseLinkedFolders } from './no-follow';

export interface WritableSession extends Disposable {
  session: Session;
  path: string;
  /** What opening did to the file: bytes of torn tail cut, synthetic events appended. */
  repair: { cutBytes: number; appended: number };
}

export interface SessionSummary {
  id: string;
  path: string;
  header: SessionHeader;
  modified: Date;
}

export class SessionStore {
  constructor(readonly dir: string) {}

  pathOf(sessionId: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(sessionId) || sessionId.startsWith('.'))
      throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
    return path.join(this.dir, `${sessionId}.jsonl`);
  }

  exists(sessionId: string): boolean {
    return fs.existsSync(this.pathOf(sessionId));
  }

  /** A new session; its file appears with the first append. */
  create(opts: Parameters<typeof makeHeader>[0] = {}, sessionOptions: SessionOptions = {}): WritableSession {
    makeSessionFolder(this.dir);
    const header = makeHeader(opts);
    const logPath = this.pathOf(header.id);
    if (fs.existsSync(logPath)) throw new Error(`session ${header.id} already exists`);
    const owned = new DisposableStore();
    owned.add(acquireLock(logPath));
    const sink = owned.add(new FileSink(logPath, header, false));
    const session = new Session(header, { ...sessionOptions, sink });
    return { session, path: logPath, repair: { cutBytes: 0, appended: 0 }, dispose: () => owned.dispose() };
  }

  openForWrite(sessionId: string, sessionOptions: SessionOptions = {}): WritableSession {
    refuseLinkedFolders(this.dir);
    return openLogForWrite(this.pathOf(sessionId), sessionOptions);
  }

  /**
   * Opens for write reading the log in chunks (the event loop runs meanwhile; the lock
   * is held from the start). Once `signal` aborts it rejects with its reason, the lock
   * released and the log as it was (nothing cut or repaired).
   */
  openForWriteAsync(
    sessionId: string,
    sessionOptions: SessionOptions = {},
    signal?: AbortSignal,
  ): Promise<WritableSession> {
    refuseLinkedFolders(this.dir);
    const logPath = this.pathOf(sessionId);
    return openLogForWriteWith(logPath, sessionOptions, () => loadLogFileAsync(logPath, signal), signal);
  }

  /**
   * openForWriteAsync keeping no events: each chunk goes to `onEvents` (the caller's
   * folds) and the session reads its events back from disk only when a reader needs
   * them (Session.restoreOnDisk), so a large log opens in the memory of its folds.
   */
  openForWriteStreamed(
    sessionId: string,
    onEvents: (events: SessionEvent[]) => void,
    signal?: AbortSignal,
  ): Promise<WritableSession> {
    refuseLinkedFolders(this.dir);
    const logPath = this.pathOf(sessionId);
    return openLogForWriteWith(logPath, {}, () => streamLog(logPath, onEvents, signal), signal);
  }

  openReadOnly(sessionId: string): LoadedLog {
    return loadLogFile(this.pathOf(sessionId));
  }

  /** openReadOnly reading the log in chunks; rejects with `signal`'s reason once it aborts. */
  openReadOnlyAsync(sessionId: string, signal?: AbortSignal): Promise<LoadedLog> {
    return loadLogFileAsync(this.pathOf(sessionId), signal);
  }

  /** openReadOnlyAsync keeping no events (as openForWriteStreamed). */
  openReadOnlyStreamed(
    sessionId: string,
    onEvents: (events: SessionEvent[]) => void,
    signal?: AbortSignal,
  ): Promise<StreamedLog> {
    return streamLog(this.pathOf(sessionId), onEvents, signal);
  }

  /** Sessions in this folder, newest first; unreadable files are left out. */
  list(): SessionSummary[] {
    if (!fs.existsSync(this.dir)) return [];
    const out: SessionSummary[] = [];
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const file = path.join(this.dir, name);
      try {
        const header = readHeader(file);
        out.push({ id: header.id, path: file, header, modified: fs.statSync(file).mtime });
      } catch {
        continue;
      }
    }
    return out.sort((a, b) => b.modified.getTime() - a.modified.getTime());
  }
}

/** Opens any log path for writing: refuse a link, lock, cut a torn tail, restore, repair. */
export function openLogForWrite(logPath: string, sessionOptions: SessionOptions = {}): WritableSession {
  const owned = new DisposableStore();
  try {
    refuseLinkedFile(logPath);
    owned.add(acquireLock(logPath));
    return continueLog(logPath, loadLogFile(logPath), sessionOptions, owned);
  } catch (error) {
    owned.dispose();
    throw error;
  }
}

/**
 * openLogForWrite with the log read by `load` (the chunked reader); nothing is cut or repaired once `signal` aborted.
 */
async function openLogForWriteWith(
  logPath: string,
  sessionOptions: SessionOptions,
  load: () => Promise<LoadedLog | StreamedLog>,
  signal?: AbortSignal,
): Promise<WritableSession> {
  const owned = new DisposableStore();
  try {
    refuseLinkedFile(logPath);
    owned.add(acquireLock(logPath));
    const loaded = await load();
    signal?.throwIfAborted();
    return continueLog(logPath, loaded, sessionOptions, owned);
  } catch (error) {
    owned.dispose();
    throw error;
  }
}

/**
 * The loaded (or streamed) log made writable: the torn tail cut (or the
 * missing newline added), the sink attached, an open turn repaired.
 */
function continueLog(
  logPath: string,
  loaded: LoadedLog | StreamedLog,
  sessionOptions: SessionOptions,
  owned: DisposableStore,
): WritableSession {
  let cutBytes = 0;
  if (loaded.tornTail) {
    fs.truncateSync(logPath, loaded.tornTail.start);
    cutBytes = loaded.tornTail.bytes;
  } else if (loaded.missingFinalNewline) {
    fs.appendFileSync(logPath, '\n');
  }
  const sink = owned.add(new FileSink(logPath, loaded.header, true));
  const session = restoreSession(loaded, { ...sessionOptions, sink });
  const appended = repairOpenTurn(session);
  return { session, path: logPath, repair: { cutBytes, appended }, dispose: () => owned.dispose() };
}

/** The session a load continues: its events in memory, or (streamed) on disk. */
export function restoreSession(log: LoadedLog | StreamedLog, options: SessionOptions = {}): Session {
  return 'events' in log
    ? Session.restore(log, options)
    : Session.restoreOnDisk(log, eventsOnDisk(log.path, log.last), options);
}

export function readHeader(file: string): SessionHeader {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(0x0a);
    const text = buf.toString('utf8', 0, nl === -1 ? n : nl);
    return parseHeaderLine(file, text);
  } finally {
    fs.closeSync(fd);
  }
}
