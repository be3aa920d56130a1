// `agent-checklist import` of an SQLite database that is not opencode's: told by its
// header, read through SQLite's wasm, refused with the reason (exit 1), no log written.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Database } from 'node-sqlite3-wasm';
import { main } from '../../../extension/src/cli/main';
import { tempDir } from '../support/sessions';

describe('import of an SQLite database', () => {
  it('refuses one without opencode tables, with the reason, and writes no log', async () => {
    const dir = tempDir('opencode-import-');
    const dbFile = path.join(dir, 'other.db');
    const db = new Database(dbFile);
    db.exec('create table note (id integer primary key, text text)');
    db.close();
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await main(['import', dbFile, '--cwd', dir, '--session-dir', 'sessions'], {
      env: {},
      cwd: dir,
      out: (l) => stdout.push(l),
      err: (l) => stderr.push(l),
      write: () => undefined,
    });
    assert.equal(code, 1);
    assert.deepEqual(stdout, []);
    assert.match(stderr.join('\n'), /cannot read .*other\.db: no such table: session/);
    assert.equal(
      fs.existsSync(path.join(dir, 'sessions')) &&
        fs.readdirSync(path.join(dir, 'sessions')).some((n) => n.endsWith('.jsonl')),
      false,
    );
  });
});
