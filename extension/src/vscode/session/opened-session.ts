// Opening the workspace's session log: for writing when this window can take the
// single-writer lock, read-only (following the file) when another window holds it.
import * as fs from 'node:fs';
import { SessionFolds } from '../../core/plan/session-folds';
import { TranscriptFolder } from '../../core/presenters/transcript-folder';
import type { SessionEvent } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import { isEditorSession } from '../../core/session/source';
import { LogFollower } from '../../core/store/log-follower';
import { isSessionLockedError } from '../../core/store/lock';
import type { LoadedLog } from '../../core/store/log-file';
import type { StreamedLog } from '../../core/store/log-stream';
import {
  readHeader,
  restoreSession,
  type SessionStore,
  type SessionSummary,
  type WritableSession,
} from '../../core/store/session-store';
import { readSessionPreview, type SessionPreview } from './session-preview';

export interface OpenedSession {
  session: Session;
  path: string;
  readOnly: boolean;
  /**
   * The surfaces' folds (SessionFolds with the transcript), made while a large log was
   * streamed open keeping no events; the first caller takes them (then null), later
   * ones fold the session's events themselves.
   */
  takeFolds?: () => SessionFolds | null;
  dispose(): void;
}

/**
 * A log this large opens streamed: its events stay on disk (Session.restoreOnDisk) and only its folds are in memory.
 */
const STREAMED_OVER_BYTES = 8 * 1024 * 1024;

export interface OpenResult {
  opened: OpenedSession | null;
  /** What opening did (repairs, read-only), for the log. */
  messages: string[];
  /** Why the session could not be opened at all (an unreadable or newer log). */
  error: string | null;
  /**
   * Opened read-only because this live process held its write lock (the switcher takes it over once that process is
   * gone).
   */
  lockedBy?: number;
}

/** File events come in bursts (one per write): read once they pause this long. */
const FOLLOW_DEBOUNCE_MS = 20;

/**
 * A read-only view of a log another window writes. It follows the file: on each
 * change it reads only the bytes appended since the last read (LogFollower:
 * validated line by line, same invariants) and commits them to the session, whose
 * subscribers (the folds, the transcript) then post what changed. `onReset` runs
 * when the file no longer continues what was read (replaced, invalid): reopen it.
 */
export function openSessionReadOnly(store: SessionStore, id: string, onReset: () => void): OpenedSession {
  return followLoaded(store.openReadOnly(id), onReset);
}

/**
 * openSessionReadOnly reading the log in chunks (the event loop runs meanwhile); rejects with `signal`'s reason once it
 * aborts.
 * `large` (streamed, its events left on disk) is asked of the file unless the caller already knows.
 */
export async function openSessionReadOnlyAsync(
  store: SessionStore,
  id: string,
  onReset: () => void,
  signal?: AbortSignal,
  large = isLarge(store, id),
): Promise<OpenedSession> {
  if (!large) {
    const loaded = await store.openReadOnlyAsync(id, signal);
    signal?.throwIfAborted();
    return followLoaded(loaded, onReset);
  }
  const folds = streamedFolds();
  const streamed = await store.openReadOnlyStreamed(id, folds.take, signal);
  signal?.throwIfAborted();
  return { ...followLoaded(streamed, onReset), takeFolds: folds.handOver };
}

const isLarge = (store: SessionStore, id: string): boolean => {
  try {
    return fs.statSync(store.pathOf(id)).size > STREAMED_OVER_BYTES;
  } catch {
    return false; // opening says why
  }
};

/** The surfaces' folds fed by a streamed open, handed to the first taker. */
function streamedFolds(): { take: (events: SessionEvent[]) => void; handOver: () => SessionFolds | null } {
  let folds: SessionFolds | null = new SessionFolds({ transcript: new TranscriptFolder() });
  return {
    take: (events) => folds?.catchUp(events),
    handOver: () => {
      const taken = folds;
      folds = null;
      return taken;
    },
  };
}

function followLoaded(loaded: LoadedLog | StreamedLog, onReset: () => void): OpenedSession {
  const session = restoreSession(loaded);
  const follower = LogFollower.after(loaded);
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher | undefined;
  let broken = false;
  const follow = (): void => {
    timer = undefined;
    if (broken) return;
    try {
      for (const event of follower.readAppended()) session.ingest(event);
    } catch {
      broken = true; // the caller reopens the log from scratch
      onReset();
    }
  };
  try {
    watcher = fs.watch(loaded.path, { persistent: false }, () => {
      timer ??= setTimeout(follow, FOLLOW_DEBOUNCE_MS);
    });
  } catch {
    watcher = undefined; // no file events here: the view stays as it was opened
  }
  return {
    session,
    path: loaded.path,
    readOnly: true,
    dispose: () => {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}

/** The store's sessions a user opens, newest first: subagent sessions (header.parent) open from their parent. */
export function listRootSessions(store: SessionStore): SessionSummary[] {
  return store.list().filter((s) => s.header.parent === undefined);
}

/** The newest session the editor writes (ours or an ACP agent's; the Chat session beside it is only followed). */
const latestEditorSession = (store: SessionStore): string | undefined =>
  listRootSessions(store).find((s) => isEditorSession(s.header.source))?.id;

/**
 * The latest session the editor writes when its log opens streamed (openSessionAsync, previewed first), rather than
 * synchronously.
 */
export function largeLatestSession(store: SessionStore): string | undefined {
  const id = latestEditorSession(store);
  return id !== undefined && isLarge(store, id) ? id : undefined;
}

/** Opens session `id` (default: the newest root session in the store) for writing, else read-only. */
export function openLatestSession(store: SessionStore, onReadOnlyChange: () => void, id?: string): OpenResult {
  const target = id ?? latestEditorSession(store);
  if (target === undefined) return { opened: null, messages: [], error: null };
  const messages: string[] = [];
  let lockedBy: number | undefined;
  if (!anotherAgentsSession(store, target, messages)) {
    try {
      return writableResult(store.openForWrite(target), target, messages);
    } catch (error) {
      const failed = notLocked(error, target, messages);
      if (failed) return failed;
      lockedBy = lockHolder(error);
    }
  }
  try {
    return {
      opened: openSessionReadOnly(store, target, onReadOnlyChange),
      messages,
      error: null,
      ...(lockedBy === undefined ? {} : { lockedBy }),
    };
  } catch (error) {
    return readFailed(error, target, messages);
  }
}

/**
 * openLatestSession for session `id`, reading its log in chunks: the host's event loop
 * runs while a large log loads. Once `signal` aborts it rejects with its reason, having
 * opened (and locked, and repaired) nothing. A large log is first previewed
 * (`onPreview`, before it is streamed): what the surfaces show while it opens.
 */
export async function openSessionAsync(
  store: SessionStore,
  onReadOnlyChange: () => void,
  id: string,
  signal?: AbortSignal,
  onPreview?: (preview: SessionPreview) => void,
): Promise<OpenResult> {
  const messages: string[] = [];
  let lockedBy: number | undefined;
  const large = isLarge(store, id);
  const preview = large && onPreview ? readSessionPreview(store, id) : null;
  if (preview) onPreview?.(preview);
  if (!anotherAgentsSession(store, id, messages)) {
    try {
      if (!large) return writableResult(await store.openForWriteAsync(id, {}, signal), id, messages);
      const folds = streamedFolds();
      const writable = await store.openForWriteStreamed(id, folds.take, signal);
      const result = writableResult(writable, id, messages);
      // A repair appended events the stream never saw: the surfaces then fold the whole session.
      return result.opened && writable.repair.appended === 0
        ? { ...result, opened: { ...result.opened, takeFolds: folds.handOver } }
        : result;
    } catch (error) {
      signal?.throwIfAborted();
      const failed = notLocked(error, id, messages);
      if (failed) return failed;
      lockedBy = lockHolder(error);
    }
  }
  try {
    return {
      opened: await openSessionReadOnlyAsync(store, id, onReadOnlyChange, signal, large),
      messages,
      error: null,
      ...(lockedBy === undefined ? {} : { lockedBy }),
    };
  } catch (error) {
    signal?.throwIfAborted();
    return readFailed(error, id, messages);
  }
}

/**
 * A log another agent's own session file was made into (import, followAgents): only ever shown, never written by ours.
 */
function anotherAgentsSession(store: SessionStore, id: string, messages: string[]): boolean {
  let source;
  try {
    source = readHeader(store.pathOf(id)).source;
  } catch {
    return false; // opening says why
  }
  if (source?.kind !== 'imported') return false;
  messages.push(`session ${id} is ${source.name}'s own session, followed from ${source.file}; showing it read-only`);
  return true;
}

function writableResult(writable: WritableSession, id: string, messages: string[]): OpenResult {
  if (writable.repair.cutBytes || writable.repair.appended) {
    messages.push(
      `repaired ${writable.path}: cut ${writable.repair.cutBytes} torn bytes, ` +
        `closed an interrupted turn with ${writable.repair.appended} event(s)`,
    );
  }
  messages.push(`reopened session ${id} (${writable.path})`);
  return {
    opened: { session: writable.session, path: writable.path, readOnly: false, dispose: () => writable.dispose() },
    messages,
    error: null,
  };
}

/**
 * Why opening for write failed: another process writes it (null: open it read-only), or the log cannot be opened at
 * all.
 */
function notLocked(error: unknown, id: string, messages: string[]): OpenResult | null {
  if (!isSessionLockedError(error)) {
    return {
      opened: null,
      messages,
      error: `could not open session ${id}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  messages.push(`session ${id} is open for writing in another process (pid ${error.pid}); showing it read-only`);
  return null;
}

/** The pid notLocked found holding the lock (it let only a SessionLockedError through). */
const lockHolder = (error: unknown): number | undefined => (isSessionLockedError(error) ? error.pid : undefined);

function readFailed(error: unknown, id: string, messages: string[]): OpenResult {
  return {
    opened: null,
    messages,
    error: `could not read session ${id}: ${error instanceof Error ? error.message : String(error)}`,
  };
}
