// Opening a session log of the window's store: for writing when this window can take
// the single-writer lock, read-only (following the file, opened-session.ts) when another
// process holds it or the log is another agent's own session made into ours.
import { isEditorSession } from '../../core/session/source';
import { isSessionLockedError } from '../../core/store/lock';
import {
  readHeader,
  type SessionStore,
  type SessionSummary,
  type WritableSession,
} from '../../core/store/session-store';
import {
  isLarge,
  openSessionReadOnly,
  openSessionReadOnlyAsync,
  streamedFolds,
  type OpenedSession,
} from './opened-session';
import { readSessionPreview, type SessionPreview } from './session-preview';

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

/** The store's sessions a user opens, newest first: subagent sessions (header.parent) open from their parent. */
function listRootSessions(store: SessionStore): SessionSummary[] {
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
