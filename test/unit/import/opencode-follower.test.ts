// OpencodeFollower on a database opencode is still making: opencode's first start
// writes `opencode.db` before its tables, and a read in between is no problem (nothing
// reported); once the tables and a session of the folder are there (the schema the
// real opencode 1.18.33 made, test/fixtures/agent-files/opencode-1.18.33-schema.sql),
// the next read follows it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Database } from 'node-sqlite3-wasm';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import { OpencodeFollower } from '../../../extension/src/core/import/opencode-follower';
import { tempDir } from '../support/sessions';

const SCHEMA = path.resolve(__dirname, '../../fixtures/agent-files/opencode-1.18.33-schema.sql');

describe('opencode followed while it makes its database', () => {
  it('reports nothing while the tables are missing, then follows the session once they are there', () => {
    const dir = tempDir('opencode-follower-');
    const dbFile = path.join(dir, 'opencode.db');
    const folder = path.join(dir, 'work');
    const db = new Database(dbFile);
    try {
      db.exec('PRAGMA user_version = 1'); // the file exists, no table yet
      const reports: FollowReport[] = [];
      const follower = new OpencodeFollower(dbFile, [folder], path.join(dir, 'ours'), (r) => reports.push(r));
      try {
        follower.update();
        assert.equal(reports.length, 0, JSON.stringify(reports));

        db.exec(fs.readFileSync(SCHEMA, 'utf8'));
        db.run(
          "insert into project (id, worktree, time_created, time_updated, sandboxes) values ('global', '/', 1, 1, '[]')",
        );
        db.run(
          `insert into session (id, project_id, slug, directory, title, version, time_created, time_updated)
           values ('ses_1', 'global', 's', ?, 'A title', '1.18.33', 1, 1)`,
          [folder],
        );
        db.run(`insert into message values ('msg_1', 'ses_1', 2, 2, '{"role":"user"}')`);
        db.run(`insert into part values ('prt_1', 'msg_1', 'ses_1', 3, 3, '{"type":"text","text":"Fix the bug"}')`);
        const input = { todos: [{ content: 'Fix the bug', status: 'in_progress', priority: 'high' }] };
        db.run(`insert into message values ('msg_2', 'ses_1', 4, 4, '{"role":"assistant"}')`);
        db.run(`insert into part values ('prt_2', 'msg_2', 'ses_1', 5, 5, ?)`, [
          JSON.stringify({ type: 'tool', tool: 'todowrite', state: { status: 'completed', input } }),
        ]);
        follower.update();
        assert.deepEqual(
          reports.map((r) => (r.kind === 'wrote' ? [r.kind, path.basename(r.logPath), r.versions] : r)),
          [['wrote', 'opencode-ses_1.jsonl', 1]],
        );
      } finally {
        follower.dispose();
      }
    } finally {
      db.close();
    }
  });

  it('still reports a database it cannot read for another reason', () => {
    const dir = tempDir('opencode-follower-');
    const dbFile = path.join(dir, 'opencode.db');
    fs.writeFileSync(dbFile, 'SQLite format 3\0 but torn');
    const reports: FollowReport[] = [];
    const follower = new OpencodeFollower(dbFile, [dir], path.join(dir, 'ours'), (r) => reports.push(r));
    follower.update();
    follower.dispose();
    assert.equal(reports.length, 1);
    assert.equal(reports[0]!.kind, 'problem');
  });
});
