// An opened session log (OpenedSession), and opening one read-only: following the file
// another window or program writes. session-opening.ts decides which way a log opens.
import * as fs from 'node:fs';
import { SessionFolds } from '../../core/plan/session-folds';
import { TranscriptFolder } from '../../core/presenters/transcript-folder';
import type { SessionEvent } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import { LogFollower } from '../../core/store/log-follower';
import type { LoadedLog } from '../../core/store/log-file';
import type { StreamedLog } from '../../core/store/log-stream';
import { restoreSession, type SessionStore } from '../../core/store/session-store';

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

export const isLarge = (store: SessionStore, id: string): boolean => {
  try {
    return fs.statSync(store.pathOf(id)).size > STREAMED_OVER_BYTES;
  } catch {
    return false; // opening says why
  }
};

/** The surfaces' folds fed by a streamed open, handed to the first taker. */
export function streamedFolds(): { take: (events: SessionEvent[]) => void; handOver: () => SessionFolds | null } {
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
