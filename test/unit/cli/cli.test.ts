// The CLI in-process: plan, check, export, run — exit codes and turn lifetime.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { listed, tempDir, todo } from '../support/sessions';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[]; text: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], text: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: (t: string) => io.text.push(t),
  };
}

function script(dir: string, responses: unknown[]): string {
  const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify({ responses }));
  return file;
}

const planScript = [
  {
    toolCalls: [
      {
        name: 'todo_write',
        arguments: { todos: [todo('read', 'in_progress'), todo('build', 'in_progress'), todo('fix')] },
      },
    ],
  },
  {
    toolCalls: [
      {
        name: 'todo_write',
        arguments: { todos: [todo('read', 'completed'), todo('build', 'completed'), todo('fix', 'in_progress')] },
      },
    ],
  },
  { text: 'Done.' },
];

async function run(dir: string, args: string[]) {
  const io = capture(dir);
  const code = await main(args, io);
  return { code, io };
}

describe('agent-checklist run', () => {
  it('runs a turn, prints the JSON summary, and the plan stands after turn/end', async () => {
    const dir = tempDir();
    const { code, io } = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      'sessions',
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'fix it',
    ]);
    assert.equal(code, 0, io.stderr.join('\n'));
    const summary = JSON.parse(io.stdout.join(''));
    assert.equal(summary.finalText, 'Done.');
    assert.deepEqual(summary.turnEnd, { kind: 'completed' });
    assert.deepEqual(summary.plan, [todo('read', 'completed'), todo('build', 'completed'), todo('fix', 'in_progress')]);
    assert.equal(summary.logPath, path.join(dir, 'sessions', `${summary.sessionId}.jsonl`));
    const plan = await run(dir, ['plan', summary.logPath, '--format', 'json']);
    assert.equal(plan.code, 0);
    assert.deepEqual(listed(plan.io.stdout.join('')), summary.plan);
  });

  it('plan --format json gives each item its flag and evidence: completed with no tool call while in progress is "no-work"', async () => {
    const dir = tempDir();
    const out = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      'sessions',
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'go',
    ]);
    const { logPath } = JSON.parse(out.io.stdout.join(''));
    const items = JSON.parse((await run(dir, ['plan', logPath, '--format', 'json'])).io.stdout.join(''));
    const none = { read: 0, write: 0, command: 0, other: 0, shared: 0 };
    assert.deepEqual(
      items.map(
        (i: {
          content: string;
          flag: unknown;
          evidence: { tools: unknown; recent: unknown; failedCommands: number };
        }) => [i.content, i.flag, i.evidence.tools, i.evidence.recent, i.evidence.failedCommands],
      ),
      [
        ['read', { reason: 'no-work' }, none, [], 0],
        ['build', { reason: 'no-work' }, none, [], 0],
        ['fix', null, none, [], 0],
      ],
    );
    assert.ok(items.every((i: { evidence: { ms: number } }) => Number.isInteger(i.evidence.ms) && i.evidence.ms >= 0));
    const exported = JSON.parse((await run(dir, ['export', logPath, '--format', 'json'])).io.stdout.join(''));
    // Each item's identity, comments (issue 51) and check (issue 52) are plan --format json's alone.
    const evidenceOf = items.map(({ itemId: _id, comments: _c, check: _k, ...item }: Record<string, unknown>) => item);
    assert.deepEqual(exported.evidence, evidenceOf, 'Export Plan carries the same evidence and flags');
    const md = (await run(dir, ['export', logPath, '--format', 'markdown'])).io.stdout.join('\n');
    assert.match(
      md,
      /## Evidence\n\n\| Item \| Reads \| Writes \| Commands \| Other \| Shared \| Failed commands \| Files changed \| Flag \|\n\|---\|---\|---\|---\|---\|---\|---\|---\|---\|\n\| read \| 0 \| 0 \| 0 \| 0 \| 0 \| 0 \| — \| ⚠ no work recorded \|/,
    );
    assert.match(md, /\| fix \| 0 \| 0 \| 0 \| 0 \| 0 \| 0 \| — \| — \|/);
    const log = fs.readFileSync(logPath, 'utf8');
    assert.equal(
      log.split('\n').filter((l) => l.includes('"plan/verify-completion"')).length,
      1,
      'run told the model once (on by default)',
    );
    const off = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      'off',
      '--allow-parallel-in-progress',
      'true',
      '--verify-completion',
      'off',
      '--json',
      'go',
    ]);
    assert.equal(
      fs.readFileSync(JSON.parse(off.io.stdout.join('')).logPath, 'utf8').includes('plan/verify-completion'),
      false,
    );
    assert.equal(
      (await run(dir, ['run', '--verify-completion', 'maybe', '--allow-parallel-in-progress', 'true', 'x'])).code,
      2,
    );
  });

  it('--session continues the stored session with a new turn, and plan then prints null', async () => {
    const dir = tempDir();
    const first = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'one',
    ]);
    const { sessionId, logPath } = JSON.parse(first.io.stdout.join(''));
    const second = await run(dir, [
      'run',
      '--script',
      script(dir, [{ text: 'Hi again.' }]),
      '--session-dir',
      's',
      '--session',
      sessionId,
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'two',
    ]);
    assert.equal(second.code, 0, second.io.stderr.join('\n'));
    assert.equal(JSON.parse(second.io.stdout.join('')).sessionId, sessionId);
    const plan = await run(dir, ['plan', logPath, '--format', 'json']);
    assert.equal(plan.io.stdout.join(''), 'null');
    const check = await run(dir, ['check', logPath]);
    assert.equal(check.code, 0);
    assert.match(check.io.stdout.join(''), /^valid: \d+ events, 2 turns, plan: none$/);
  });

  it('requires the parallel policy when todo_write is enabled (exit 2), and not otherwise', async () => {
    const dir = tempDir();
    const missing = await run(dir, ['run', '--script', script(dir, [{ text: 'x' }]), '--session-dir', 's', 'hi']);
    assert.equal(missing.code, 2);
    assert.match(
      missing.io.stderr.join('\n'),
      /--allow-parallel-in-progress true\|false is required when todo_write is enabled/,
    );
    const bad = await run(dir, [
      'run',
      '--script',
      script(dir, [{ text: 'x' }]),
      '--allow-parallel-in-progress',
      'yes',
      'hi',
    ]);
    assert.equal(bad.code, 2);
    const none = await run(dir, [
      'run',
      '--script',
      script(dir, [{ text: 'x' }]),
      '--session-dir',
      's',
      '--tools',
      '',
      'hi',
    ]);
    assert.equal(none.code, 0, none.io.stderr.join('\n'));
  });

  it('the policy reaches the tool: false rejects two active items, and the model sees the error', async () => {
    const dir = tempDir();
    const { io } = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'false',
      '--json',
      'x',
    ]);
    const { logPath } = JSON.parse(io.stdout.join(''));
    const log = fs.readFileSync(logPath, 'utf8');
    assert.match(log, /invalid todos: at most one task may be in_progress \(got 2\)/);
  });

  it('exits 1 when the turn fails (error) and when --max-steps cuts it short', async () => {
    const dir = tempDir();
    const failed = await run(dir, [
      'run',
      '--script',
      script(dir, []),
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'true',
      'x',
    ]);
    assert.equal(failed.code, 1);
    assert.match(failed.io.stderr.join('\n'), /ended: error: the scripted model has no response left/);
    const capped = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'true',
      '--max-steps',
      '1',
      '--json',
      'x',
    ]);
    assert.equal(capped.code, 1);
    assert.deepEqual(JSON.parse(capped.io.stdout.join('')).turnEnd, { kind: 'max-steps', maxSteps: 1 });
  });

  it('bad usage exits 2: unknown command, unknown flag, missing prompt, unknown provider, a missing --session', async () => {
    const dir = tempDir();
    for (const args of [
      ['frobnicate'],
      ['plan', 'x', '--bogus'],
      ['run', '--allow-parallel-in-progress', 'true'],
      ['run', '--provider', 'nope', '--allow-parallel-in-progress', 'true', 'x'],
      ['plan', 'a', 'b'],
      [],
    ]) {
      assert.equal((await run(dir, args)).code, 2, args.join(' '));
    }
    const missing = await run(dir, [
      'run',
      '--script',
      script(dir, []),
      '--session-dir',
      's',
      '--session',
      'nope',
      '--allow-parallel-in-progress',
      'true',
      'x',
    ]);
    assert.equal(missing.code, 1);
  });
});

describe('agent-checklist plan / check / export', () => {
  async function stored(dir: string): Promise<string> {
    const { io } = await run(dir, [
      'run',
      '--script',
      script(dir, planScript),
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'fix it',
    ]);
    return JSON.parse(io.stdout.join('')).logPath;
  }

  it('plan prints text and markdown forms', async () => {
    const dir = tempDir();
    const log = await stored(dir);
    assert.equal(
      (await run(dir, ['plan', log])).io.stdout.join('\n'),
      '2 completed · 1 in progress\n[x] read\n[x] build\n[~] fix',
    );
    assert.equal(
      (await run(dir, ['plan', log, '--format', 'markdown'])).io.stdout.join('\n'),
      '- [x] read\n- [x] build\n- [ ] **fix** _(in progress)_',
    );
    assert.equal((await run(dir, ['plan', log, '--format', 'yaml'])).code, 2);
  });

  it('check exits 1 on an invalid log, naming the line', async () => {
    const dir = tempDir();
    const log = await stored(dir);
    const lines = fs.readFileSync(log, 'utf8').split('\n');
    lines[3] = lines[3]!.replace('"turn":1', '"turn":7');
    fs.writeFileSync(log, lines.join('\n'));
    const { code, io } = await run(dir, ['check', log]);
    assert.equal(code, 1);
    assert.match(io.stderr.join('\n'), /^invalid: .*: line 4: invariant broken: /);
  });

  it('export gives the standing plan and every write, as JSON and Markdown', async () => {
    const dir = tempDir();
    const log = await stored(dir);
    const json = JSON.parse((await run(dir, ['export', log, '--format', 'json'])).io.stdout.join(''));
    assert.equal(json.history.length, 2);
    assert.deepEqual(
      json.history.map((h: { turn: number }) => h.turn),
      [1, 1],
    );
    assert.deepEqual(json.standingPlan, [
      todo('read', 'completed'),
      todo('build', 'completed'),
      todo('fix', 'in_progress'),
    ]);
    const md = (await run(dir, ['export', log, '--format', 'markdown'])).io.stdout.join('\n');
    assert.match(md, /^# Plan — fix it\n\n## Standing plan\n\n2 completed · 1 in progress\n\n- \[x\] read/);
    assert.match(md, /### Turn 1 · update 2 · /);
  });
});
