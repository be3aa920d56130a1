// opencode's one SQLite database (`<data>/opencode/opencode.db`, WAL mode: recent
// writes sit in `opencode.db-wal`) read without ever blocking opencode or writing
// beside it. SQLite in WebAssembly (node-sqlite3-wasm: no native module, no download)
// opens the database READ-ONLY through links in a private temporary folder, so its
// lock (a folder beside the file it opens) is made in that folder, never in opencode's.
// Its file system has no shared memory, so the connection is in exclusive locking mode
// and builds the WAL's index from the `-wal` file itself: it sees every committed write,
// and takes no POSIX lock opencode could wait on. opencode is not told of this reader,
// so a checkpoint or a WAL restart can change the files during a read: a read is kept
// only when the database's size and time and the WAL's header are the same after it as
// before, and is tried again otherwise, until its deadline.
//
// What is read costs what the open folders hold: the sessions of the folder's projects
// (through the `session_project_idx` index; the `global` project holds the folders
// outside git) and, per session, the parts after the last one read (`part_session_idx`).
// A bundle of its own in the CLI (dist/opencode-db.js, loaded at an opencode import);
// part of the follower's worker bundle; its wasm is dist/node-sqlite3-wasm.wasm.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod/mini';
import type { Database } from 'node-sqlite3-wasm';
import { lazyModule, type LazyRequire } from '../lazy-module';
import {
  OpencodeDbError,
  opencodePartRow,
  opencodeSessionRow,
  type OpencodePartRow,
  type OpencodeSessionRow,
} from './opencode-session';

type Sqlite = { Database: new (file: string, opts: { readOnly: boolean; fileMustExist: boolean }) => Database };
declare const require: LazyRequire<{ 'node-sqlite3-wasm': Sqlite }>;
const sqlite = lazyModule(() => require('node-sqlite3-wasm'));

/** The parts one read takes of a session at most; the rest come with the next read. */
const PART_BATCH = 500;

const SESSIONS_OF_FOLDER = `
  select id, directory, title, version, time_created from session
  where project_id in (
    select id from project where id = 'global' or worktree = ?1 or substr(?1, 1, length(worktree) + 1) = worktree || '/'
    union select project_id from project_directory where directory = ?1
  ) and directory = ?1 and parent_id is null
  order by time_created, id`;

const PARTS_AFTER = `
  select p.id, p.message_id, p.time_created, json_extract(m.data, '$.role') as role, p.data from part p
  join message m on m.id = p.message_id
  where p.session_id = ?1 and p.id > ?2 and (
    (json_extract(p.data, '$.type') = 'tool' and json_extract(p.data, '$.tool') = 'todowrite')
    or (json_extract(p.data, '$.type') = 'text' and json_extract(m.data, '$.role') = 'user'))
  order by p.id limit ${PART_BATCH}`;

/** A bounded read's parts: no part over this many bytes is read (the board's read, `lastParts`). */
export const MAX_PART_BYTES = 1 << 20;

const MATCHING_PARTS = `
  select p.id, p.message_id, p.time_created, json_extract(m.data, '$.role') as role, p.data from part p
  join message m on m.id = p.message_id
  where p.session_id = ?1 and length(p.data) <= ${MAX_PART_BYTES} and (
    (json_extract(p.data, '$.type') = 'tool' and json_extract(p.data, '$.tool') = 'todowrite')
    or (json_extract(p.data, '$.type') = 'text' and json_extract(m.data, '$.role') = 'user'))`;

const LAST_PARTS = `${MATCHING_PARTS} order by p.id desc limit ?2`;

const PROMPTS_BEFORE = `${MATCHING_PARTS}
  and json_extract(p.data, '$.type') = 'text' and p.id < ?2 order by p.id limit 10`;

const RECENT_SESSIONS = SESSIONS_OF_FOLDER.replace(
  'order by time_created, id',
  'order by time_created desc, id desc limit ?2',
);

/** The queries a read makes, on one consistent snapshot. */
export interface OpencodeQuery {
  sessionsOf(folder: string): OpencodeSessionRow[];
  /**
   * The session's todowrite parts and user texts after the part
   * `after` ('' from the start), in order; at most PART_BATCH.
   */
  partsAfter(sessionId: string, after: string): OpencodePartRow[];
  /** The folder's `limit` newest sessions, oldest first. */
  recentSessionsOf(folder: string, limit: number): OpencodeSessionRow[];
  /** The session's last `limit` todowrite parts and user texts, in order; none over MAX_PART_BYTES. */
  lastParts(sessionId: string, limit: number): OpencodePartRow[];
  /** The session's first (at most 10) user texts before the part `before`, in order. */
  promptsBefore(sessionId: string, before: string): OpencodePartRow[];
}

/** Runs `read` on one consistent snapshot of the database, tried again while opencode changed the files under it. */
export function readOpencodeDb<T>(dbFile: string, read: (query: OpencodeQuery) => T, deadlineMs = 2000): T {
  const until = Date.now() + deadlineMs;
  for (let tries = 1; ; tries++) {
    const before = stamp(dbFile);
    const result = readOnce(dbFile, read);
    const unchanged = stamp(dbFile) === before;
    if (result.ok && unchanged) return result.value;
    // A read that failed on files opencode did not change fails again: only a torn read is tried again.
    if (!result.ok && unchanged)
      throw new OpencodeDbError(
        `cannot read ${dbFile}: ${result.error instanceof Error ? result.error.message : String(result.error)}`,
      );
    if (Date.now() >= until) throw new OpencodeDbError(`${dbFile} changed during each of ${tries} reads`);
  }
}

/** What a checkpoint or a WAL restart changes: the database's size and time, the WAL's header (its salts). */
function stamp(dbFile: string): string {
  const db = fs.statSync(dbFile);
  let wal = 'none';
  try {
    const fd = fs.openSync(`${dbFile}-wal`, 'r');
    try {
      const header = Buffer.alloc(32);
      wal = header.subarray(0, fs.readSync(fd, header, 0, 32, 0)).toString('hex');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // No WAL: every write is in the database file.
  }
  return `${db.size}:${db.mtimeMs}:${wal}`;
}

function readOnce<T>(
  dbFile: string,
  read: (query: OpencodeQuery) => T,
): { ok: true; value: T } | { ok: false; error: unknown } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-opencode-'));
  let db: Database | undefined;
  try {
    const link = path.join(dir, 'opencode.db');
    fs.symlinkSync(path.resolve(dbFile), link);
    if (fs.existsSync(`${dbFile}-wal`)) fs.symlinkSync(path.resolve(`${dbFile}-wal`), `${link}-wal`);
    db = new (sqlite().Database)(link, { readOnly: true, fileMustExist: true });
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    const opened = db;
    return {
      ok: true,
      value: read({
        sessionsOf: (folder) => rows(opened.all(SESSIONS_OF_FOLDER, [folder]), opencodeSessionRow),
        partsAfter: (sessionId, after) => rows(opened.all(PARTS_AFTER, [sessionId, after]), opencodePartRow),
        recentSessionsOf: (folder, limit) =>
          rows(opened.all(RECENT_SESSIONS, [folder, limit]), opencodeSessionRow).reverse(),
        lastParts: (sessionId, limit) => rows(opened.all(LAST_PARTS, [sessionId, limit]), opencodePartRow).reverse(),
        promptsBefore: (sessionId, before) => rows(opened.all(PROMPTS_BEFORE, [sessionId, before]), opencodePartRow),
      }),
    };
  } catch (error) {
    return { ok: false, error };
  } finally {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function rows<T>(raw: unknown[], schema: z.ZodMiniType<T>): T[] {
  return raw.flatMap((row) => {
    const parsed = schema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
