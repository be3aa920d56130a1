// opencode: one SQLite database for every folder's sessions, `<data>/opencode/opencode.db`
// (data `$XDG_DATA_HOME` or `~/.local/share`), read without locking it (opencode-db.ts)
// and followed by opencode-follower.ts: a change to the database or its WAL is one read
// of the open folders' sessions (opencode-session.ts makes their marks).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DatabaseReader, FollowedAgent } from '../followed-agent';

/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../opencode-follower') => unknown;

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

export const opencode: FollowedAgent = {
  id: 'opencode',
  name: 'opencode',
  home: (env, homedir) => path.join(env.XDG_DATA_HOME?.trim() || path.join(homedir, '.local', 'share'), 'opencode'),
  homeVariables: ['XDG_DATA_HOME'],
  reading: {
    kind: 'database',
    file: (home) => path.join(home, 'opencode.db'),
    isDatabase: isSqliteFile,
    load: () => (require('../opencode-follower') as { opencodeReader: DatabaseReader }).opencodeReader,
  },
  importHelp: `opencode's database (~/.local/share/opencode/opencode.db) holds every folder's
sessions: each session of --cwd (default: the current folder) is made into one
log, and each log's path is printed on its own line`,
};
