// opencode: one SQLite database for every folder's sessions, `<data>/opencode/opencode.db`
// (data `$XDG_DATA_HOME` or `~/.local/share`), read without locking it (opencode-db.ts)
// and followed by opencode-follower.ts: a change to the database or its WAL is one read
// of the open folders' sessions (opencode-session.ts makes their marks).
import * as path from 'node:path';
import type { DatabaseReader, FollowedAgent } from '../followed-agent';

/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../opencode-follower') => unknown;

export const opencode: FollowedAgent = {
  id: 'opencode',
  name: 'opencode',
  home: (env, homedir) => path.join(env.XDG_DATA_HOME?.trim() || path.join(homedir, '.local', 'share'), 'opencode'),
  homeVariables: ['XDG_DATA_HOME'],
  reading: {
    kind: 'database',
    file: (home) => path.join(home, 'opencode.db'),
    load: () => (require('../opencode-follower') as { opencodeReader: DatabaseReader }).opencodeReader,
  },
};
