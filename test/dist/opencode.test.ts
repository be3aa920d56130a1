// opencode's database read by the production build: the follower's worker bundle
// (dist/agent-follow-worker.js, SQLite's wasm bundled in it, dist/node-sqlite3-wasm.wasm
// beside it) follows the REAL opencode 1.18.33 live, run offline against a loopback chat
// completions server; the built CLI's `import <opencode.db> --cwd <folder>` (its lazily
// loaded dist/opencode-db.js) writes the same log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { after, describe, it } from 'node:test';
import { ChatCompletionsServer, OPENCODE_SCRIPTS, opencodeDirs, runOpencode } from '../unit/import/opencode-runs';
import { logEvents, ROOT, runBuiltCli, runEnv, standingPlan, tempDir } from './support/built-cli';

/** The plan of each todo/write of a log, in order. */
function planVersions(logPath: string): unknown[] {
  return logEvents(logPath)
    .filter((e) => e.type === 'todo/write')
    .map((e) => (e.data as { todos: unknown }).todos);
}

describe("opencode's database in the production build", () => {
  it('the built follower worker follows the real opencode live; the built CLI imports the same log', async () => {
    const dir = tempDir();
    const home = path.join(dir, 'home');
    const project = path.join(dir, 'project');
    fs.mkdirSync(home);
    fs.mkdirSync(project);
    const { db } = opencodeDirs(home);
    const followed = path.join(dir, 'followed');
    const server = await ChatCompletionsServer.start();
    after(() => server.close());
    const worker = new Worker(path.join(ROOT, 'dist', 'agent-follow-worker.js'));
    after(() => worker.terminate());
    const problems: unknown[] = [];
    let logPath = '';
    const followedThree = new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`not followed; problems: ${JSON.stringify(problems)}`)), 240_000);
      worker.on('message', (report: { kind: string; logPath?: string }) => {
        if (report.kind !== 'wrote') return void problems.push(report);
        logPath = report.logPath!;
        if (planVersions(logPath).length < 3) return;
        clearTimeout(guard);
        resolve();
      });
    });
    worker.postMessage({
      folders: [project],
      agents: ['opencode'],
      // Each followed agent's home by its id (core/import/followed-agents.ts): opencode's holds opencode.db.
      homes: {
        'claude-code': path.join(dir, 'c'),
        codex: path.join(dir, 'x'),
        'gemini-cli': path.join(dir, 'g'),
        opencode: path.dirname(db),
      },
      sessionDir: followed,
    });
    server.script(...OPENCODE_SCRIPTS.threeWrites);
    await runOpencode(server, home, project, 'Fix the bug');
    await followedThree;
    assert.deepEqual(planVersions(logPath), [
      [
        { content: 'Read the code', status: 'in_progress' },
        { content: 'Fix the bug', status: 'pending' },
      ],
      [
        { content: 'Read the code', status: 'completed' },
        { content: 'Fix the bug', status: 'in_progress' },
      ],
      [
        { content: 'Read the code', status: 'completed' },
        { content: 'Fix the bug', status: 'completed' },
      ],
    ]);

    const imported = await runBuiltCli(['import', db, '--cwd', project, '--session-dir', 'imported'], dir, runEnv(dir));
    assert.equal(imported.code, 0, imported.stderr);
    const paths = imported.stdout.split('\n').filter(Boolean);
    assert.deepEqual(
      paths.map((p) => path.basename(p)),
      [path.basename(logPath)],
    );
    assert.equal(fs.readFileSync(paths[0]!, 'utf8'), fs.readFileSync(logPath, 'utf8'));
    assert.deepEqual(await standingPlan(paths[0]!), [
      { content: 'Read the code', status: 'completed' },
      { content: 'Fix the bug', status: 'completed' },
    ]);
  });
});
