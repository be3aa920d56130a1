// opencode's storage as the agents bench writes it (bench/agent-storage.ts): one SQLite
// database for every project, `<data>/opencode/opencode.db`, made with the schema the
// real opencode 1.18.33 made (test/fixtures/agent-files/opencode-1.18.33-schema.sql),
// in WAL mode. Its rows are shaped as that opencode wrote them
// (test/unit/import/real-opencode.test.ts's run): the session of the folder in the
// `global` project (a folder outside git), and the database filled to its size with
// other projects' sessions, messages and large text parts. A plan write is what
// opencode writes for a `todowrite` call: an assistant message row and its completed
// tool part row, in one transaction of one long-lived writer, so the write sits in the
// `-wal` file until a checkpoint (SQLite's automatic one, at 1000 pages), as opencode's.
// The writer is SQLite in wasm (node-sqlite3-wasm, the product's reader's package): it
// has no shared memory, so it holds the database in exclusive locking mode; our reader
// opens the files through links of its own (extension/src/core/import/opencode-db.ts),
// so the writer's lock never stops it.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { OpencodeFollower } from '../extension/src/core/import/opencode-follower';
import type { AgentHomes, AgentStorage, Todo } from './agent-storage';

const SCHEMA = path.resolve(__dirname, '../test/fixtures/agent-files/opencode-1.18.33-schema.sql');
const SESSION = 'ses_0b0e7e570000BenchSession01';
const ANSWER = 'x'.repeat(8 * 1024);
/** Rows committed per transaction while the database is filled. */
const FILL_BATCH = 200;

let lastMs = 0;
let counter = 0;
/** An id as opencode makes them: prefix, 12 hex digits of time and counter (so ids ascend with time), 14 random characters. */
function ascendingId(prefix: string): string {
  const ms = Date.now();
  counter = ms === lastMs ? counter + 1 : 0;
  lastMs = ms;
  const time = (BigInt(ms) * 0x1000n + BigInt(counter)).toString(16).padStart(12, '0').slice(-12);
  return `${prefix}_${time}${randomBytes(10).toString('base64url').slice(0, 14)}`;
}

function openDb(file: string): Database {
  const db = new Database(file);
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
  db.exec('PRAGMA journal_mode = WAL');
  return db;
}

function insertProject(db: Database, id: string, worktree: string): void {
  db.run('insert into project (id, worktree, time_created, time_updated, sandboxes) values (?, ?, ?, ?, ?)', [
    id,
    worktree,
    Date.now(),
    Date.now(),
    '[]',
  ]);
}

function insertSession(db: Database, id: string, projectId: string, directory: string): void {
  db.run(
    `insert into session (id, project_id, slug, directory, path, title, version, time_created, time_updated)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, projectId, 'bench', directory, directory.replace(/^\//, ''), 'Bench', '1.18.33', Date.now(), Date.now()],
  );
}

function insertMessage(db: Database, sessionId: string, data: object): string {
  const id = ascendingId('msg');
  db.run('insert into message (id, session_id, time_created, time_updated, data) values (?, ?, ?, ?, ?)', [
    id,
    sessionId,
    Date.now(),
    Date.now(),
    JSON.stringify(data),
  ]);
  return id;
}

function insertPart(db: Database, sessionId: string, messageId: string, data: object): void {
  db.run('insert into part (id, message_id, session_id, time_created, time_updated, data) values (?, ?, ?, ?, ?, ?)', [
    ascendingId('prt'),
    messageId,
    sessionId,
    Date.now(),
    Date.now(),
    JSON.stringify(data),
  ]);
}

/** The database's size, what its WAL holds included. */
function dbBytes(db: Database): number {
  const pages = db.get('pragma page_count') as { page_count: number };
  const size = db.get('pragma page_size') as { page_size: number };
  return pages.page_count * size.page_size;
}

/** Other projects' sessions until the database holds about `bytes`: a prompt, then large text answers. */
function fillWithOtherProjects(db: Database, bytes: number): void {
  for (let project = 0; dbBytes(db) < bytes; project++) {
    db.exec('begin');
    const projectId = `prj_other${project}`;
    insertProject(db, projectId, `/elsewhere/${project}`);
    const sessionId = ascendingId('ses');
    insertSession(db, sessionId, projectId, `/elsewhere/${project}`);
    const user = insertMessage(db, sessionId, { role: 'user', agent: 'build' });
    insertPart(db, sessionId, user, { type: 'text', text: 'work' });
    for (let k = 1; k <= FILL_BATCH && (k % 16 !== 0 || dbBytes(db) < bytes); k++) {
      const answer = insertMessage(db, sessionId, { role: 'assistant', agent: 'build', finish: 'stop' });
      insertPart(db, sessionId, answer, { type: 'text', text: ANSWER });
    }
    db.exec('commit');
  }
}

/** The writer of each database the bench made, open from its first plan write until release (as opencode's runs). */
const writers = new Map<string, Database>();

export const opencode: AgentStorage = {
  agent: 'opencode',
  title: 'opencode',
  create: (homes: AgentHomes, folder: string, bytes: number) => {
    const file = path.join(homes.opencode!, 'opencode.db');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = openDb(file);
    try {
      db.exec(fs.readFileSync(SCHEMA, 'utf8'));
      insertProject(db, 'global', '/');
      fillWithOtherProjects(db, bytes);
      db.exec('begin');
      insertSession(db, SESSION, 'global', folder);
      const user = insertMessage(db, SESSION, { role: 'user', agent: 'build' });
      insertPart(db, SESSION, user, { type: 'text', text: 'work' });
      db.exec('commit');
    } finally {
      db.close();
    }
    return file;
  },
  // todowrite: the assistant's message and its tool part, completed, in one transaction.
  write: (file: string, n: number, todos: readonly Todo[]) => {
    let db = writers.get(file);
    if (db === undefined) {
      db = openDb(file);
      writers.set(file, db);
    }
    const input = { todos: todos.map((t) => ({ ...t, priority: 'medium' })) };
    db.exec('begin');
    const message = insertMessage(db, SESSION, { role: 'assistant', agent: 'build', finish: 'tool-calls' });
    insertPart(db, SESSION, message, {
      type: 'tool',
      tool: 'todowrite',
      callID: `call_${n}`,
      state: {
        status: 'completed',
        input,
        output: JSON.stringify(input.todos, null, 2),
        title: `${todos.length} todos`,
      },
    });
    db.exec('commit');
  },
  release: (file: string) => {
    writers.get(file)?.close();
    writers.delete(file);
  },
  follower: (file: string, folder: string, sessionDir: string) => {
    let versions = 0;
    const follower = new OpencodeFollower(file, [folder], sessionDir, (report) => {
      if (report.kind === 'problem') throw new Error(`opencode follower: ${report.message}`);
      versions += report.versions;
    });
    return {
      update: () => {
        versions = 0;
        follower.update();
        return versions;
      },
      dispose: () => follower.dispose(),
    };
  },
};
