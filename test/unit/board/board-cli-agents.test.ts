// `agent-checklist board` over other agents' own stores: opencode's SQLite database
// (read through its descriptor's database reader) and a Claude Code transcript larger
// than 32 MiB (read at its start and end, never refused for its size).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Database } from 'node-sqlite3-wasm';
import * as z from 'zod/mini';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { boardCardSchema } from '../../../extension/src/core/board/board-card';
import { tempDir } from '../support/sessions';
import { claudeProjectDir } from './agent-dirs';

const CLAUDE = path.resolve(__dirname, '../../fixtures/agent-files/claude-todowrite-resumed.jsonl');
const SCHEMA = path.resolve(__dirname, '../../fixtures/agent-files/opencode-1.18.33-schema.sql');

async function board(folder: string, env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: folder };
  const code = await main(['board', '--session-dir', path.join(folder, 'none'), '--format', 'json'], io);
  assert.equal(code, 0, err.join('\n'));
  return z.array(boardCardSchema).parse(JSON.parse(out.join('')));
}

/** opencode's database with one session of `folder`: a prompt, then a plan with one item in progress. */
function opencodeDb(dbFile: string, folder: string): void {
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const db = new Database(dbFile);
  try {
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
    const todos = [
      { content: 'Read the parser', status: 'completed', priority: 'high' },
      { content: 'Fix the bug', status: 'in_progress', priority: 'high' },
    ];
    db.run(`insert into message values ('msg_2', 'ses_1', 4, 4, '{"role":"assistant"}')`);
    db.run(`insert into part values ('prt_2', 'msg_2', 'ses_1', 5, 5, ?)`, [
      JSON.stringify({ type: 'tool', tool: 'todowrite', state: { status: 'completed', input: { todos } } }),
    ]);
  } finally {
    db.close();
  }
}

describe('agent-checklist board and other agents’ stores', () => {
  it('reads opencode’s sessions of the folder from its database', async () => {
    const root = tempDir('board-opencode-');
    const folder = path.join(root, 'work');
    fs.mkdirSync(folder);
    const data = path.join(root, 'data');
    opencodeDb(path.join(data, 'opencode', 'opencode.db'), folder);
    opencodeDb(path.join(root, 'other', 'opencode', 'opencode.db'), path.join(root, 'elsewhere'));
    const cards = await board(folder, { HOME: root, XDG_DATA_HOME: data });
    assert.deepEqual(
      cards.map((c) => [c.source, c.agent, c.id, c.completed, c.total, c.active]),
      [['followed', 'opencode', 'opencode-ses_1', 1, 2, 'Fix the bug']],
    );
    const elsewhere = await board(path.join(root, 'elsewhere'), { HOME: root, XDG_DATA_HOME: data });
    assert.deepEqual(elsewhere, [], 'only the folder’s sessions');
  });

  it('reads at most 200 sessions, each from its last 2,000 parts and its first prompt, no part over 1 MiB', async () => {
    const root = tempDir('board-opencode-bounded-');
    const folder = path.join(root, 'work');
    fs.mkdirSync(folder);
    const data = path.join(root, 'data');
    const dbFile = path.join(data, 'opencode', 'opencode.db');
    opencodeDb(dbFile, folder);
    const db = new Database(dbFile);
    try {
      db.exec('begin');
      db.run('update session set time_created = 10000 where id = ?', ['ses_1']);
      for (let i = 0; i < 200; i++)
        db.run(
          `insert into session (id, project_id, slug, directory, title, version, time_created, time_updated)
           values (?, 'global', 's', ?, 'Older', '1.18.33', ?, 1)`,
          [`ses_old${String(i).padStart(3, '0')}`, folder, 100 + i],
        );
      for (let i = 0; i < 2100; i++) {
        db.run(`insert into message values (?, 'ses_1', 6, 6, '{"role":"user"}')`, [`msg_p${i}`]);
        db.run(`insert into part values (?, ?, 'ses_1', 6, 6, '{"type":"text","text":"go on"}')`, [
          `prt_p${String(i).padStart(4, '0')}`,
          `msg_p${i}`,
        ]);
      }
      const plan = (todos: { content: string; status: string }[], pad = '') =>
        JSON.stringify({ type: 'tool', tool: 'todowrite', pad, state: { status: 'completed', input: { todos } } });
      db.run(`insert into message values ('msg_z', 'ses_1', 7, 7, '{"role":"assistant"}')`);
      const done = [{ content: 'Fix the bug', status: 'completed', priority: 'high' }];
      db.run(`insert into part values ('prt_z1', 'msg_z', 'ses_1', 7, 7, ?)`, [plan(done)]);
      db.run(`insert into part values ('prt_z2', 'msg_z', 'ses_1', 8, 8, ?)`, [plan([], 'x'.repeat(1 << 20))]);
      db.exec('commit');
    } finally {
      db.close();
    }
    const cards = await board(folder, { HOME: root, XDG_DATA_HOME: data });
    assert.equal(cards.length, 200, 'the 200 newest sessions');
    assert.ok(!cards.some((c) => c.id === 'opencode-ses_old000'), 'the oldest left out');
    const card = cards.find((c) => c.id === 'opencode-ses_1');
    assert.deepEqual(
      [card?.title, card?.completed, card?.total],
      ['Fix the bug', 1, 1],
      'the title from its first prompt, the plan from its last part under 1 MiB',
    );
  });

  it('reads a Claude Code transcript over 32 MiB from its start and end, as it reads a small one', async () => {
    const root = tempDir('board-large-');
    const folder = path.join(root, 'work');
    fs.mkdirSync(folder);
    const home = path.join(root, 'claude');
    const project = claudeProjectDir(home, folder);
    fs.mkdirSync(project, { recursive: true });
    const file = path.join(project, 'session.jsonl');
    fs.copyFileSync(CLAUDE, file);
    const env = { HOME: root, CLAUDE_CONFIG_DIR: home, XDG_DATA_HOME: path.join(root, 'none') };
    const [small] = await board(folder, env);
    assert.deepEqual([small?.agent, small?.total], ['Claude Code', 2]);

    const text = fs.readFileSync(CLAUDE, 'utf8');
    const filler = `${JSON.stringify({ type: 'progress', data: 'x'.repeat(1000) })}\n`.repeat(34 * 1024);
    fs.writeFileSync(file, text + filler + text);
    assert.ok(fs.statSync(file).size > 32 << 20);
    const [large] = await board(folder, env);
    assert.notEqual(large?.state, 'unreadable', large?.reason);
    assert.deepEqual(
      [large?.title, large?.state, large?.completed, large?.total, large?.active],
      [small?.title, small?.state, small?.completed, small?.total, small?.active],
    );
  });
});
