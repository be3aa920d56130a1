// The live check runner on a followed agent's session (core/tools/bash/item-check-runner.ts
// with `side`): the log is the follower's, so the checks' events are in its checks side
// log (core/store/side-checks.ts), folded with the log's by their `logSeq`
// (core/plan/side-checks.ts). The agent's write completing an item runs its check once,
// recorded in the side log (never the log); a later write keeping it completed runs
// nothing, reopened and completed again does; an item completed before its check was set
// does not run; while another process holds the side log's run lock nothing runs, and a
// result that process recorded is not run again.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { itemCheckViews } from '../../../extension/src/core/plan/check-states';
import { foldChecksWithSide } from '../../../extension/src/core/plan/side-checks';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { appendSideCheck, claimCheckRun, readSideChecks } from '../../../extension/src/core/store/side-checks';
import { ItemCheckRunner } from '../../../extension/src/core/tools/bash/item-check-runner';
import { tempDir, todo } from '../support/sessions';
import { tempWorkspace } from './support';

const PASS = 'node -e "process.exit(0)"';
const FAIL = 'node -e "process.exit(4)"';

function followed(): { s: Session; logPath: string } {
  const source = { kind: 'imported', name: 'claude-code', version: '1', file: '/tmp/t.jsonl' } as const;
  const s = new Session(makeHeader({ id: 'claude-code-x', source, now: new Date('2026-01-01T00:00:00Z') }));
  return { s, logPath: path.join(tempDir(), 'claude-code-x.jsonl') };
}

function runnerOf(s: Session, side: string): ItemCheckRunner {
  const ws = tempWorkspace();
  return new ItemCheckRunner(s, {
    run: () => ({ workspace: ws.workspace, sandbox: { mode: 'off', network: false }, timeoutMs: 20_000 }),
    side,
  });
}

const sideResults = (logPath: string) =>
  readSideChecks(logPath).flatMap((e) =>
    e.type === 'check/result' ? [[e.data.item, e.data.exitCode, e.data.logSeq] as const] : [],
  );
const setCheck = (s: Session, logPath: string, item: string, command: string) =>
  appendSideCheck(logPath, s.lastSeq, 'plan/check-set', { item, command, from: 'user' });

describe("the check runner on a followed agent's session", () => {
  it('runs once per completion by the agent, recorded in the side log; reopened + completed runs again', async () => {
    const { s, logPath } = followed();
    const runner = runnerOf(s, logPath);
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
    setCheck(s, logPath, 'a', PASS);
    setCheck(s, logPath, 'b', FAIL);
    runner.sideChanged();
    assert.equal(runner.running.size, 0, 'nothing is completed yet');
    const completed = s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    await runner.settled();
    assert.deepEqual(sideResults(logPath), [
      ['a', 0, completed.seq],
      ['b', 4, completed.seq],
    ]);
    assert.ok(!s.events.some((e) => e.type === 'check/result'), 'the log is never written');
    const states = () => itemCheckViews(foldChecksWithSide(s.events, readSideChecks(logPath))).map((v) => v?.state);
    assert.deepEqual(states(), ['passed', 'failed']);
    s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    await runner.settled();
    assert.equal(sideResults(logPath).length, 2, 'kept completed: nothing runs');
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'completed')] });
    assert.deepEqual(states(), ['not-run', 'failed'], 'reopened: the pass no longer counts');
    const again = s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed')] });
    await runner.settled();
    assert.deepEqual(sideResults(logPath).at(-1), ['a', 0, again.seq]);
    assert.equal(sideResults(logPath).length, 3);
    assert.deepEqual(
      itemCheckViews(runner.checks).map((v) => v?.state),
      ['passed', 'failed'],
    );
    runner.dispose();
  });

  it('an item completed before its check was set does not run it; Run Check does', async () => {
    const { s, logPath } = followed();
    const runner = runnerOf(s, logPath);
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('a', 'completed')] });
    setCheck(s, logPath, 'a', PASS);
    runner.sideChanged();
    await runner.settled();
    assert.deepEqual(sideResults(logPath), []);
    assert.equal(itemCheckViews(runner.checks)[0]?.state, 'not-run');
    runner.runItem({ itemId: runner.checks.version!.items[0]!.itemId, item: 'a', command: PASS, accepted: true });
    await runner.settled();
    assert.equal(sideResults(logPath).length, 1);
    assert.equal(itemCheckViews(runner.checks)[0]?.state, 'passed');
    runner.dispose();
  });

  it("while another process holds the run lock nothing runs; that process's result is not run again", async () => {
    const { s, logPath } = followed();
    const runner = runnerOf(s, logPath);
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('a', 'in_progress')] });
    setCheck(s, logPath, 'a', PASS);
    runner.sideChanged();
    const other = claimCheckRun(logPath);
    assert.ok(other !== null);
    assert.equal(claimCheckRun(logPath), null, 'one holder at a time');
    const completed = s.append('todo/write', { todos: [todo('a', 'completed')] });
    await runner.settled();
    assert.deepEqual(sideResults(logPath), [], 'the holder runs it, not this runner');
    const itemId = runner.checks.version!.items[0]!.itemId;
    appendSideCheck(logPath, completed.seq, 'check/result', {
      item: 'a',
      itemId,
      command: PASS,
      exitCode: 0,
      durationMs: 1,
      output: '',
    });
    other.dispose();
    runner.sideChanged();
    await runner.settled();
    assert.equal(sideResults(logPath).length, 1, 'its result counts for the completion');
    assert.equal(itemCheckViews(runner.checks)[0]?.state, 'passed');
    runner.dispose();
  });
});
