// opencode's sessions of the open folders made into our logs (the database side of
// its descriptor, agents/opencode.ts, loaded at its first use), one log per session
// (`opencode-<session id>`, the log an `agent-checklist import <opencode.db> --cwd
// <folder>` writes): the follower reads the database (opencode-db.ts) when opencode
// wrote to it and appends what each session added since the last read, so a read
// costs what opencode wrote for the open folders. The first read of a session that
// has a mark writes its log whole (importOpen) and keeps it open, holding its lock; a log another window
// holds is tried again at the next read. A database without opencode's tables yet is one opencode is
// still making (its first start writes the file, then its tables): no problem, read again at its next
// write. The database is only read.
import * as fs from 'node:fs';
import type { Disposable } from '../disposable';
import { lazyModule, type LazyRequire } from '../lazy-module';
import { isSessionLockedError } from '../store/lock';
import type { AgentFile, AgentMark, ImportResult } from './agent-plan';
import type { DatabaseLimits, DatabaseReader } from './followed-agent';
import type { FollowReport } from './follow-messages';
import { importOpen, type OpenImport } from './import-log';
import type { OpencodeQuery } from './opencode-db';
import {
  isOpencodeDbError,
  OpencodeSessionReader,
  type OpencodePartRow,
  type OpencodeSessionRow,
} from './opencode-session';

type OpencodeDbModule = Pick<typeof import('./opencode-db'), 'readOpencodeDb'>;
declare const require: LazyRequire<{ './opencode-db': OpencodeDbModule }>;
const dbModule = lazyModule(() => require('./opencode-db'));

/** Runs `read` on one snapshot of the database: dist/opencode-db.js (SQLite's wasm) is loaded at the first read. */
function readDb<T>(dbFile: string, read: (query: OpencodeQuery) => T): T {
  return dbModule().readOpencodeDb(dbFile, read);
}

/** A session's parts after `after`, all of them (read in batches). */
function allPartsAfter(query: OpencodeQuery, sessionId: string, after: string): OpencodePartRow[] {
  const parts: OpencodePartRow[] = [];
  for (let cursor = after; ;) {
    const batch = query.partsAfter(sessionId, cursor);
    parts.push(...batch);
    if (batch.length === 0) return parts;
    cursor = batch[batch.length - 1]!.id;
  }
}

interface FollowedSession {
  reader: OpencodeSessionReader;
  open: OpenImport | null;
  /** Marks read while the log could not be written yet (another window held it). */
  pending: AgentMark[];
}

export class OpencodeFollower implements Disposable {
  private readonly sessions = new Map<string, FollowedSession>();

  constructor(
    private readonly dbFile: string,
    private readonly folders: readonly string[],
    private readonly sessionDir: string,
    private readonly report: (report: FollowReport) => void,
  ) {}

  /** Reads what opencode wrote for the folders since the last read, into their logs. */
  update(): void {
    if (!fs.existsSync(this.dbFile)) return;
    let read: { session: OpencodeSessionRow; parts: OpencodePartRow[] }[];
    try {
      read = readDb(this.dbFile, (query) =>
        this.folders.flatMap((folder) =>
          query.sessionsOf(folder).map((session) => ({
            session,
            parts: allPartsAfter(query, session.id, this.sessions.get(session.id)?.reader.cursor ?? ''),
          })),
        ),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!/: no such table: /.test(message)) this.report({ kind: 'problem', file: this.dbFile, message });
      return;
    }
    for (const { session, parts } of read) this.write(session, parts);
  }

  private write(session: OpencodeSessionRow, parts: OpencodePartRow[]): void {
    let followed = this.sessions.get(session.id);
    if (followed === undefined) {
      followed = { reader: new OpencodeSessionReader(session), open: null, pending: [] };
      this.sessions.set(session.id, followed);
    }
    const marks = followed.reader.read(parts);
    if (followed.open !== null) {
      let versions = 0;
      for (const mark of marks) versions += followed.open.writer.write(mark);
      if (versions > 0) this.report({ kind: 'wrote', logPath: followed.open.path, file: this.dbFile, versions });
      return;
    }
    followed.pending.push(...marks);
    // A session opencode has just made has no prompt yet: its log
    // is written with its first mark, as an import then would.
    if (followed.pending.length === 0) return;
    const { reader } = followed;
    try {
      followed.open = importOpen(
        { info: reader.info, marks: [...followed.pending], skipped: reader.skipped },
        this.dbFile,
        this.sessionDir,
      );
      followed.pending = [];
      this.report({ kind: 'wrote', logPath: followed.open.path, file: this.dbFile, versions: followed.open.versions });
    } catch (error) {
      // Another window follows (holds our log's lock): it keeps it up to date.
      const message = isSessionLockedError(error)
        ? 'followed by another window'
        : error instanceof Error
          ? error.message
          : String(error);
      this.report({ kind: 'problem', file: `${this.dbFile} (${session.id})`, message });
    }
  }

  dispose(): void {
    for (const followed of this.sessions.values()) followed.open?.dispose();
    this.sessions.clear();
  }
}

/** Every opencode session of `folder` in `dbFile` as read, oldest first: its info and marks, nothing written. */
function readOpencodeSessions(dbFile: string, folder: string, limits?: DatabaseLimits): AgentFile[] {
  const read = readDb(dbFile, (query) =>
    limits === undefined
      ? query.sessionsOf(folder).map((session) => ({ session, parts: allPartsAfter(query, session.id, '') }))
      : query.recentSessionsOf(folder, limits.sessions).map((session) => ({
          session,
          parts: boundedParts(query, session.id, limits.parts),
        })),
  );
  return read.map(({ session, parts }) => {
    const reader = new OpencodeSessionReader(session);
    return { info: reader.info, marks: reader.read(parts, true), skipped: reader.skipped };
  });
}

/** A session's last `limit` parts; when there are more, its first prompts (the title) before them. */
function boundedParts(query: OpencodeQuery, sessionId: string, limit: number): OpencodePartRow[] {
  const last = query.lastParts(sessionId, limit);
  return last.length < limit ? last : [...query.promptsBefore(sessionId, last[0]!.id), ...last];
}

/**
 * Every opencode session of `folder` in `dbFile` made into one of our logs each (oldest first); none when it has none.
 */
function importOpencodeSessions(dbFile: string, folder: string, sessionDir: string): ImportResult[] {
  return readOpencodeSessions(dbFile, folder).map((file) => {
    const imported = importOpen(file, dbFile, sessionDir);
    imported.dispose();
    return { path: imported.path, file, versions: imported.versions };
  });
}

/** What opencode's descriptor (agents/opencode.ts) loads at the first read of its database. */
export const opencodeReader: DatabaseReader = {
  follower: (dbFile, folders, sessionDir, report) => new OpencodeFollower(dbFile, folders, sessionDir, report),
  importAll: importOpencodeSessions,
  readAll: readOpencodeSessions,
  readError: (error) => (isOpencodeDbError(error) ? error.message : undefined),
  isDatabase: isSqliteFile,
  importHelp: `opencode's database (~/.local/share/opencode/opencode.db) holds every folder's
sessions: each session of --cwd (default: the current folder) is made into one
log, and each log's path is printed on its own line`,
};

/** Whether `file` starts as an SQLite database does. */
function isSqliteFile(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(16);
      return fs.readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === 'SQLite format 3\0';
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}
