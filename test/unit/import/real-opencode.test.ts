// The REAL opencode 1.18.33, run offline against a loopback chat completions server,
// writes its sessions into its SQLite database (WAL mode) while our follower watches
// it: the follower (AgentFollowers, as on its worker thread) writes the session's three
// todowrite calls as three plan versions in order, read while opencode runs; a second
// session of the same folder gets a log of its own; `agent-checklist import
// <opencode.db> --cwd <folder>` writes the same logs, one path a line; the plan's
// statuses are mapped (cancelled items left out, priority not kept); opencode's files
// are left as they were by our reads (no lock folder, no file of ours beside them).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import { AgentFollowers } from '../../../extension/src/core/import/agent-followers';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { ChatCompletionsServer, OPENCODE_SCRIPTS, opencodeDirs, runOpencode } from './opencode-runs';

/** The plans of a log's todo/write events, in order. */
function planVersions(logPath: string): unknown[] {
  return loadLogFile(logPath)
    .events.filter((e) => e.type === 'todo/write')
    .map((e) => (e.data as { todos: unknown }).todos);
}

const plan = (...items: [string, string][]) => items.map(([content, status]) => ({ content, status }));

const THREE_VERSIONS = [
  plan(['Read the code', 'in_progress'], ['Fix the bug', 'pending']),
  plan(['Read the code', 'completed'], ['Fix the bug', 'in_progress']),
  plan(['Read the code', 'completed'], ['Fix the bug', 'completed']),
];

async function cli(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, {
    env: {},
    cwd,
    out: (l) => stdout.push(l),
    err: (l) => stderr.push(l),
    write: () => undefined,
  });
  return { code, stdout, stderr };
}

/** Resolves once `done` holds after a report (a guard rejects after 60 s, so a miss fails, never hangs). */
function until(reports: FollowReport[], subscribe: (check: () => void) => void, done: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`not reached; reports: ${JSON.stringify(reports)}`)), 60_000);
    const check = (): void => {
      if (!done()) return;
      clearTimeout(guard);
      resolve();
    };
    subscribe(check);
    check();
  });
}

describe('the real opencode followed and imported', () => {
  let server: ChatCompletionsServer;
  before(async () => {
    server = await ChatCompletionsServer.start();
  });
  after(() => server.close());

  it('follows each session of the folder live, three todowrite calls as three plan versions in order; import writes the same logs', async () => {
    const root = tempDir('real-opencode-');
    const home = path.join(root, 'home');
    const project = path.join(root, 'project');
    fs.mkdirSync(home);
    fs.mkdirSync(project);
    const { db } = opencodeDirs(home);
    const followed = path.join(root, 'followed');
    const reports: FollowReport[] = [];
    const checks: Array<() => void> = [];
    const followers = new AgentFollowers((r) => {
      reports.push(r);
      for (const c of checks) c();
    });
    const logs = (): string[] =>
      fs.existsSync(followed)
        ? fs
            .readdirSync(followed)
            .filter((n) => n.endsWith('.jsonl'))
            .sort()
        : [];
    // Following starts before opencode ever ran: its data folder appears with the run.
    followers.configure({
      folders: [project],
      agents: ['opencode'],
      homes: {
        'claude-code': path.join(root, 'c'),
        codex: path.join(root, 'x'),
        'gemini-cli': path.join(root, 'g'),
        opencode: path.dirname(db),
      },
      sessionDir: followed,
    });
    let first = '';
    let second = '';
    try {
      server.script(...OPENCODE_SCRIPTS.threeWrites);
      await runOpencode(server, home, project, 'Fix the bug');
      assert.equal(server.left, 0);
      await until(
        reports,
        (c) => checks.push(c),
        () => logs().length === 1 && planVersions(path.join(followed, logs()[0]!)).length === 3,
      );
      first = logs()[0]!;
      assert.deepEqual(planVersions(path.join(followed, first)), THREE_VERSIONS);
      const header = JSON.parse(fs.readFileSync(path.join(followed, first), 'utf8').split('\n')[0]!);
      assert.deepEqual(header.source, { kind: 'imported', name: 'opencode', version: '1.18.33', file: db });
      assert.equal(header.cwd, project);

      server.script(...OPENCODE_SCRIPTS.oneWrite);
      await runOpencode(server, home, project, 'Write the docs');
      await until(
        reports,
        (c) => checks.push(c),
        () => logs().length === 2,
      );
      second = logs().find((n) => n !== first)!;
      await until(
        reports,
        (c) => checks.push(c),
        () => planVersions(path.join(followed, second)).length === 1,
      );
      assert.deepEqual(planVersions(path.join(followed, second)), [plan(['Write the docs', 'in_progress'])]);
      assert.equal(reports.filter((r) => r.kind === 'problem').length, 0, JSON.stringify(reports));
    } finally {
      followers.dispose();
    }

    // The CLI's import of the same database: one log per session, each path on its own line, oldest first.
    const imported = await cli(root, 'import', db, '--cwd', project, '--session-dir', 'imported');
    assert.equal(imported.code, 0, imported.stderr.join('\n'));
    assert.equal(imported.stdout.length, 2);
    assert.deepEqual(
      imported.stdout.map((p) => path.basename(p)),
      [first, second],
    );
    for (const logPath of imported.stdout)
      assert.equal(
        fs.readFileSync(logPath, 'utf8'),
        fs.readFileSync(path.join(followed, path.basename(logPath)), 'utf8'),
      );
    assert.deepEqual(planVersions(imported.stdout[0]!), THREE_VERSIONS);

    // Another folder has no session in it; opencode's folder holds only opencode's files.
    const none = await cli(root, 'import', db, '--cwd', root, '--session-dir', 'imported');
    assert.equal(none.code, 1);
    assert.match(none.stderr.join('\n'), /has no opencode session of/);
    assert.deepEqual(
      fs
        .readdirSync(path.dirname(db))
        .filter((n) => !/^(opencode\.db(-wal|-shm)?|log|repos|storage|snapshot|tool-output)$/.test(n)),
      [],
    );
  });
});
