// The CLI's plan edits and plan history: `edit`, `history`, `plan --at`; and, against
// a real OpenAI-compatible server on 127.0.0.1, that a user edit made with `edit`
// reaches the model's next request once, and only once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { userEditNote } from '../../../extension/src/core/plan/user-edit';
import { acquireLock } from '../../../extension/src/core/store/lock';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { LoopbackServer, sse } from '../providers/loopback-server';
import { textStep, toolCallStep } from '../providers/openai-wire';
import { listed, tempDir, todo } from '../support/sessions';

function capture(cwd: string, env: NodeJS.ProcessEnv = {}): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

async function cli(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const io = capture(dir, env);
  const code = await main(args, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const planScript = [
  {
    toolCalls: [
      {
        name: 'todo_write',
        arguments: { todos: [todo('read', 'completed'), todo('build', 'in_progress'), todo('fix')] },
      },
    ],
  },
  {
    toolCalls: [{ name: 'todo_write', arguments: { todos: [todo('read', 'completed'), todo('build', 'completed')] } }],
  },
  { text: 'Done.' },
];

async function sessionWithPlan(dir: string): Promise<string> {
  const script = path.join(dir, 'script.json');
  fs.writeFileSync(script, JSON.stringify({ responses: planScript }));
  const run = await cli(dir, [
    'run',
    '--script',
    script,
    '--session-dir',
    's',
    '--allow-parallel-in-progress',
    'true',
    '--json',
    'go',
  ]);
  assert.equal(run.code, 0, run.err);
  return JSON.parse(run.out).logPath;
}

describe('agent-checklist edit', () => {
  it('--set, --add and --remove append todo/user-edit with the whole list (1-based), and plan shows it', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    assert.equal((await cli(dir, ['edit', log, '--add', '  write the docs '])).code, 0);
    assert.equal((await cli(dir, ['edit', log, '--set', '3=in_progress'])).code, 0);
    const removed = await cli(dir, ['edit', log, '--remove', '1']);
    assert.equal(removed.code, 0, removed.err);
    assert.equal(removed.out, '1 completed · 1 in progress\n[x] build\n[~] write the docs');
    const edits = loadLogFile(log).events.filter((e) => e.type === 'todo/user-edit');
    assert.deepEqual(
      edits.map((e) => e.data),
      [
        { todos: [todo('read', 'completed'), todo('build', 'completed'), todo('write the docs')] },
        { todos: [todo('read', 'completed'), todo('build', 'completed'), todo('write the docs', 'in_progress')] },
        { todos: [todo('build', 'completed'), todo('write the docs', 'in_progress')] },
      ],
    );
    const plan = await cli(dir, ['plan', log, '--format', 'json']);
    assert.deepEqual(listed(plan.out), [todo('build', 'completed'), todo('write the docs', 'in_progress')]);
  });

  it('refuses what todo_write refuses, and a missing item, with exit 1 and nothing written', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    const size = fs.statSync(log).size;
    const dup = await cli(dir, ['edit', log, '--add', 'read']);
    assert.deepEqual([dup.code, dup.err], [1, 'agent-checklist: invalid todos: duplicate content "read"']);
    const blank = await cli(dir, ['edit', log, '--add', '  ']);
    assert.equal(blank.code, 2, 'an empty item is bad usage, refused before the log is opened');
    assert.equal(fs.statSync(log).size, size);
    await cli(dir, ['edit', log, '--add', 'x']);
    const two = await cli(dir, ['edit', log, '--set', '3=in_progress', '--allow-parallel-in-progress', 'false']);
    assert.equal(two.code, 0, 'one in progress is fine');
    const grown = fs.statSync(log).size;
    const second = await cli(dir, ['edit', log, '--set', '1=in_progress', '--allow-parallel-in-progress', 'false']);
    assert.deepEqual(
      [second.code, second.err],
      [1, 'agent-checklist: invalid todos: at most one task may be in_progress (got 2)'],
    );
    const missing = await cli(dir, ['edit', log, '--remove', '9']);
    assert.deepEqual([missing.code, missing.err], [1, 'agent-checklist: the plan has no item 9 (it has 3)']);
    assert.equal(fs.statSync(log).size, grown);
    assert.ok(grown > size);
  });

  it('is refused (exit 1, one clear line) while another process holds the session lock', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    const size = fs.statSync(log).size;
    // A live process that is not this one holds the lock: our parent (the test runner).
    fs.writeFileSync(`${log}.lock`, `${process.ppid}\nhost\nnow\n`);
    try {
      const r = await cli(dir, ['edit', log, '--add', 'x']);
      assert.equal(r.code, 1);
      assert.match(
        r.err,
        new RegExp(
          `^agent-checklist: cannot edit the plan: process ${process.ppid} is writing this session; edit it there, or stop that process`,
        ),
      );
      assert.equal(r.err.split('\n').length, 1);
      assert.equal(fs.statSync(log).size, size);
    } finally {
      fs.rmSync(`${log}.lock`);
    }
    const lock = acquireLock(log); // our own process's lock counts too
    try {
      assert.equal((await cli(dir, ['edit', log, '--add', 'x'])).code, 1);
    } finally {
      lock.dispose();
    }
  });

  it('bad usage exits 2', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    for (const args of [
      ['edit', log],
      ['edit', log, '--add', 'a', '--remove', '1'],
      ['edit', log, '--set', '1=done'],
      ['edit', log, '--remove', '0'],
      ['edit', log, '--set', 'x'],
    ]) {
      assert.equal((await cli(dir, args)).code, 2, args.join(' '));
    }
  });
});

describe('agent-checklist history and plan --at', () => {
  it('history --format json: every version in log order with { seq, ts, by, todos, changes, drift }, drops marked (no approval: no drift)', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    await cli(dir, ['edit', log, '--add', 'fix']);
    const r = await cli(dir, ['history', log, '--format', 'json']);
    assert.equal(r.code, 0, r.err);
    const history = JSON.parse(r.out);
    assert.deepEqual(
      history.map((v: { by: string; changes: unknown }) => [v.by, v.changes]),
      [
        [
          'model',
          [
            { kind: 'added', content: 'read' },
            { kind: 'added', content: 'build' },
            { kind: 'added', content: 'fix' },
          ],
        ],
        [
          'model',
          [
            { kind: 'status', content: 'build', from: 'in_progress', to: 'completed' },
            { kind: 'dropped', content: 'fix' },
          ],
        ],
        ['user', [{ kind: 'added', content: 'fix' }]],
      ],
    );
    for (const v of history) {
      assert.deepEqual(Object.keys(v), ['seq', 'ts', 'by', 'todos', 'changes', 'drift']);
      assert.deepEqual(v.drift, []);
    }
    const events = loadLogFile(log).events;
    assert.deepEqual(
      history.map((v: { seq: number }) => events[v.seq - 1]!.type),
      ['todo/write', 'todo/write', 'todo/user-edit'],
    );
  });

  it('history --format text and markdown name each version, its author and changes, then the timing', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    const text = await cli(dir, ['history', log, '--format', 'text']);
    assert.match(text.out, /^version 1 · seq \d+ · \S+ · by the model\n {2}added: read/);
    assert.match(text.out, /\n {2}dropped: fix\n/);
    assert.match(
      text.out,
      /timing \(standing plan\):\n {2}read: never in progress, finished \S+\n {2}build: started \S+, finished \S+, \d+s in progress/,
    );
    const md = await cli(dir, ['history', log, '--format', 'markdown']);
    assert.match(md.out, /^### Version 1 · seq \d+ · \S+ · by the model\n\n- added: read/);
    assert.equal((await cli(dir, ['history', log, '--format', 'yaml'])).code, 2);
  });

  it('plan --at <seq> prints the standing plan as of that event', async () => {
    const dir = tempDir();
    const log = await sessionWithPlan(dir);
    const events = loadLogFile(log).events;
    const firstWrite = events.find((e) => e.type === 'todo/write')!.seq;
    const at = await cli(dir, ['plan', log, '--at', String(firstWrite), '--format', 'json']);
    assert.deepEqual(listed(at.out), planScript[0]!.toolCalls![0]!.arguments.todos);
    assert.equal((await cli(dir, ['plan', log, '--at', '1', '--format', 'json'])).out, 'null');
    const past = await cli(dir, ['plan', log, '--at', '9999']);
    assert.equal(past.code, 1);
    assert.equal((await cli(dir, ['plan', log, '--at', 'x'])).code, 2);
  });
});

describe('a user edit reaches a real OpenAI-compatible server once, and only once', () => {
  it('after `edit`, the next request carries the edited list as one user note; the request after that adds none', async () => {
    const dir = tempDir();
    const server = await LoopbackServer.start();
    try {
      const args = (prompt: string, session?: string) => [
        'run',
        '--provider',
        'openai',
        '--base-url',
        `${server.url}/v1`,
        '--model',
        'm',
        '--api-key-env',
        'LOOPBACK_KEY',
        '--session-dir',
        's',
        '--allow-parallel-in-progress',
        'true',
        '--json',
        ...(session ? ['--session', session] : []),
        prompt,
      ];
      const env = { LOOPBACK_KEY: '' };
      const list = { todos: [todo('read', 'in_progress'), todo('fix')] };
      server.enqueue(sse(toolCallStep('call_1', 'todo_write', [JSON.stringify(list)])), sse(textStep('Planned.')));
      const first = await cli(dir, args('plan it'), env);
      assert.equal(first.code, 0, first.err);
      const { sessionId, logPath } = JSON.parse(first.out);
      assert.equal((await cli(dir, ['edit', logPath, '--set', '1=completed'])).code, 0);
      server.enqueue(sse(textStep('Seen.')), sse(textStep('Still here.')));
      const second = await cli(dir, args('go on', sessionId), env);
      assert.equal(second.code, 0, second.err);
      const third = await cli(dir, args('and now?', sessionId), env);
      assert.equal(third.code, 0, third.err);
      const note = userEditNote([todo('read', 'completed'), todo('fix')]);
      const notesIn = (i: number): unknown[] => {
        const body = server.requests[i]!.json as { messages: { role: string; content: unknown }[] };
        return body.messages.filter((m) => m.role === 'user' && m.content === note);
      };
      assert.equal(server.requests.length, 4);
      assert.deepEqual(
        [0, 1, 2, 3].map(notesIn).map((n) => n.length),
        [0, 0, 1, 1],
        'told at the next request; the history keeps that one note, no new reminder',
      );
      const body = server.requests[2]!.json as { messages: { role: string; content: unknown }[] };
      const at = body.messages.findIndex((m) => m.content === note);
      assert.equal(body.messages[at + 1]?.content, 'go on', 'the note comes right before the new prompt');
      const all = (server.requests[3]!.json as { messages: { content: unknown }[] }).messages.filter(
        (m) => typeof m.content === 'string' && m.content.startsWith('The user edited your todo list.'),
      );
      assert.equal(all.length, 1);
      // The edit carried into both later turns: the standing plan is still the user's.
      assert.deepEqual(listed((await cli(dir, ['plan', logPath, '--format', 'json'])).out), [
        todo('read', 'completed'),
        todo('fix'),
      ]);
    } finally {
      await server.close();
    }
  });
});
