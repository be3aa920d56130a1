// The live check runner (core/tools/bash/item-check-runner.ts) over real Sessions and
// real commands: a completion by each kind of write runs the item's check once, recorded
// as one check/result; a later write keeping it completed runs nothing, reopened and
// completed again does; a check from the plan file waits for acceptance; Run Check runs
// on request; Stop kills a running check within 500 ms, recorded with exitCode null; an
// item reopened while its check runs is not verified by it, and completed again runs again.
// And the model's note (agent/derive-messages.ts): a failed result inside a step is told
// once, after the step's tool results.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { itemCheckViews } from '../../../extension/src/core/plan/check-states';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { fold } from '../../../extension/src/core/session/projection';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import type { SessionSource } from '../../../extension/src/core/session/source';
import { ItemCheckRunner } from '../../../extension/src/core/tools/bash/item-check-runner';
import { inStep, memorySession, todo } from '../support/sessions';
import { tempWorkspace } from './support';

const PASS = 'node -e "process.exit(0)"';
const FAIL = 'node -e "console.log(\'broken\'); process.exit(2)"';
const SLOW = 'node -e "setTimeout(() => {}, 30000)"';
/** The first line of the note the model is told of a failed check: exact words, guarded here. */
const CHECK_NOTE_HEAD = 'The check of a todo item you marked completed failed:';

function runnerOf(s: Session, defaultCommand: string | null = null, ws = tempWorkspace()): ItemCheckRunner {
  return new ItemCheckRunner(s, {
    run: () => ({ workspace: ws.workspace, sandbox: { mode: 'off', network: false }, timeoutMs: 20_000 }),
    defaultCommand: () => defaultCommand,
  });
}

const results = (s: Session) =>
  s.events.flatMap((e) => (e.type === 'check/result' ? [[e.data.item, e.data.exitCode] as const] : []));

describe('the live check runner', () => {
  it("runs once per completion by the model's writes; a keeping write runs nothing; reopened + completed does", async () => {
    const s = memorySession();
    const runner = runnerOf(s);
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b')] }));
    s.append('plan/check-set', { item: 'a', command: PASS });
    s.append('plan/check-set', { item: 'b', command: FAIL });
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] }));
    assert.equal(runner.running.size, 2, 'both queued at once');
    await runner.settled();
    assert.deepEqual(results(s), [
      ['a', 0],
      ['b', 2],
    ]);
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] }));
    await runner.settled();
    assert.equal(results(s).length, 2, 'kept completed: nothing runs');
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'completed')] }));
    inStep(s, () => s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] }));
    await runner.settled();
    assert.deepEqual(results(s).at(-1), ['a', 0]);
    assert.equal(results(s).length, 3);
    assert.equal(runner.running.size, 0);
    runner.dispose();
  });

  it("a user edit, an ACP agent's and a followed agent's plan completing an item run it (the default check too)", async () => {
    const user = memorySession();
    const r = runnerOf(user);
    user.append('todo/user-edit', { todos: [todo('a')] });
    user.append('plan/check-set', { item: 'a', command: PASS });
    user.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    await r.settled();
    assert.deepEqual(results(user), [['a', 0]]);
    r.dispose();
    for (const source of [
      { kind: 'imported', name: 'claude-code', version: '1', file: '/tmp/t.jsonl' },
      { kind: 'acp', name: 'codex', version: '1' },
    ] as SessionSource[]) {
      const s = new Session(makeHeader({ id: 'x', source, now: new Date('2026-01-01T00:00:00Z') }));
      const runner = runnerOf(s, PASS);
      s.append('turn/start', { turn: 1 });
      s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('b')] });
      await runner.settled();
      assert.deepEqual(results(s), [['a', 0]], source.kind);
      runner.dispose();
    }
  });

  it('a check from the plan file waits for acceptance; accepting it runs the due check; Run Check runs on request', async () => {
    const s = memorySession();
    const runner = runnerOf(s);
    s.append('todo/user-edit', { todos: [todo('a')] });
    s.append('plan/check-set', { item: 'a', command: PASS, from: 'file' });
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    await runner.settled();
    assert.deepEqual(results(s), [], 'waiting-acceptance: not run');
    s.append('plan/check-accepted', { item: 'a', command: PASS });
    await runner.settled();
    assert.deepEqual(results(s), [['a', 0]]);
    const itemId = s.events.flatMap((e) => (e.type === 'check/result' ? [e.data.itemId] : []))[0]!;
    runner.runItem({ itemId, item: 'a', command: PASS, accepted: true });
    await runner.settled();
    assert.deepEqual(results(s), [
      ['a', 0],
      ['a', 0],
    ]);
    runner.dispose();
  });

  it('Stop kills the running check within 500 ms, recorded as cancelled (exitCode null)', async () => {
    const s = memorySession();
    const runner = runnerOf(s);
    s.append('todo/user-edit', { todos: [todo('a'), todo('b')] });
    s.append('plan/check-set', { item: 'a', command: SLOW });
    s.append('plan/check-set', { item: 'b', command: PASS });
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = Date.now();
    runner.cancel();
    await runner.settled();
    assert.ok(Date.now() - stopped < 500, `gone in ${Date.now() - stopped} ms`);
    assert.deepEqual(results(s), [['a', null]], 'the queued check is dropped');
    runner.dispose();
  });
});

/** Resolves once `file` exists (the state the test waits for, not a time). */
async function untilExists(file: string): Promise<void> {
  while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('an item changed while its check runs', () => {
  // Says it started, then runs until the test lets it finish (the file `go`).
  const GATED =
    "node -e \"const fs = require('fs'); fs.writeFileSync('started', ''); " +
    "setInterval(() => fs.existsSync('go') && process.exit(0), 20)\"";

  it('reopened: the result is recorded but does not verify it; completed again: it runs again', async () => {
    const ws = tempWorkspace();
    const s = memorySession();
    const runner = runnerOf(s, null, ws);
    const state = () => itemCheckViews(fold(itemChecksProjection, s.events))[0]?.state;
    s.append('todo/user-edit', { todos: [todo('a')] });
    s.append('plan/check-set', { item: 'a', command: GATED });
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    await untilExists(path.join(ws.root, 'started'));
    s.append('todo/user-edit', { todos: [todo('a', 'in_progress')] });
    ws.file('go', '');
    await runner.settled();
    assert.deepEqual(results(s), [['a', 0]]);
    assert.equal(state(), 'not-run', 'the pass was of the item before it was reopened');
    fs.rmSync(path.join(ws.root, 'go'));
    fs.rmSync(path.join(ws.root, 'started'));
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    await untilExists(path.join(ws.root, 'started'));
    s.append('todo/user-edit', { todos: [todo('a', 'pending')] });
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    ws.file('go', '');
    await runner.settled();
    await runner.settled(); // the completion during the run queued its check as the run ended
    assert.equal(results(s).length, 3, 'completed again while it ran: it runs again');
    assert.equal(state(), 'passed');
    runner.dispose();
  });
});

describe("a failed check's note to the model", () => {
  it('is told once, after the tool results of the step it landed in, and a pass is not told', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    s.append('step/start', { turn: 1, step: 1 });
    s.append('assistant/message', {
      turn: 1,
      step: 1,
      model: { provider: 'p', model: 'm' },
      message: { content: [{ type: 'tool-call', id: 'c1', name: 'x', arguments: '{}' }] },
    });
    s.append('check/result', { item: 'a', command: FAIL, exitCode: 2, durationMs: 1, output: 'broken\n' });
    s.append('check/result', { item: 'b', command: PASS, exitCode: 0, durationMs: 1, output: '' });
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'x' });
    s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'ok' });
    s.append('step/end', { turn: 1, step: 1 });
    const messages = deriveMessages(s.events);
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', 'assistant', 'tool', 'user'],
    );
    const note = messages[3]!;
    assert.ok(note.role === 'user' && note.text.startsWith(CHECK_NOTE_HEAD));
    assert.match(note.role === 'user' ? note.text : '', /- command: node -e .*\n- exit code 2\n[^]*broken/);
  });
});
