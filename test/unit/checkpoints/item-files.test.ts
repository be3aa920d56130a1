// Each item's change range as a projection of the log (the plan ledger carries it) and
// the files its evidence lists, read from a real shadow repository with the machine's
// git: between the item's checkpoints, an open end at the log's latest checkpoint.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { changeRange, changeRangesProjection, evidenceEnds } from '../../../extension/src/core/plan/change-range';
import { EvidenceFilesCache } from '../../../extension/src/core/checkpoints/item-files';
import { evidenceFilesOf } from '../support/item-files';
import { ShadowRepo } from '../../../extension/src/core/checkpoints/shadow-repo';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { fold } from '../../../extension/src/core/session/projection';
import type { Session } from '../../../extension/src/core/session/session';
import { memorySession, tempDir, todo } from '../support/sessions';

function workspace(): { ws: string; repo: ShadowRepo } {
  const dir = tempDir();
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  return { ws, repo: ShadowRepo.of(path.join(dir, 'shadow'), ws) };
}

/** A step of turn `turn` that logs `commit` as its checkpoint. */
function checkpointStep(session: Session, turn: number, step: number, commit: string): void {
  session.append('step/start', { turn, step });
  session.append('checkpoint/created', { turn, step, commit });
  session.append('step/end', { turn, step });
}

describe("an item's files in its evidence", () => {
  it('are the diff between its checkpoints; an open end is the latest checkpoint; unknown without checkpoints', async () => {
    const { ws, repo } = workspace();
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    const session = memorySession();
    session.append('turn/start', { turn: 1 });
    session.append('todo/write', { todos: [todo('one', 'in_progress'), todo('two')] });
    assert.equal(
      await evidenceFilesOf(repo, fold(changeRangesProjection, session.events), 'one'),
      null,
      'no checkpoint on the log yet: unknown',
    );
    checkpointStep(session, 1, 1, await repo.checkpoint());
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a by one\n');
    session.append('todo/write', { todos: [todo('one', 'completed'), todo('two', 'in_progress')] });
    checkpointStep(session, 1, 2, await repo.checkpoint());
    fs.writeFileSync(path.join(ws, 'b.txt'), 'b by two\n');
    const asOfStep2 = fold(changeRangesProjection, session.events);
    assert.deepEqual(await evidenceFilesOf(repo, asOfStep2, 'one'), [{ status: 'M', path: 'a.txt' }]);
    assert.deepEqual(
      await evidenceFilesOf(repo, asOfStep2, 'two'),
      [],
      "two's work is after the latest checkpoint: not counted yet",
    );
    checkpointStep(session, 1, 3, await repo.checkpoint());
    const ranges = fold(changeRangesProjection, session.events);
    assert.deepEqual(await evidenceFilesOf(repo, ranges, 'two'), [{ status: 'A', path: 'b.txt' }]);
    assert.deepEqual(await evidenceFilesOf(repo, ranges, 'never planned'), [], 'no range: it changed nothing');
    assert.equal(await evidenceFilesOf(null, ranges, 'one'), null, 'no repository to read: unknown');
    // The ledger carries the same ranges as the projection on its own, across the turn/start that clears a model's plan.
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    session.append('turn/start', { turn: 2 });
    const ledger = fold(planLedgerProjection, session.events);
    assert.equal(ledger.plan, null);
    assert.deepEqual(ledger.changes, ranges);
  });

  it('a range follows its item by content: reopened it keeps its work, started again it begins anew, reverted or left out it is gone', () => {
    const session = memorySession();
    const c = (n: number): string => String(n).repeat(40);
    session.append('turn/start', { turn: 1 });
    session.append('todo/write', { todos: [todo('one', 'in_progress'), todo('two', 'in_progress')] });
    checkpointStep(session, 1, 1, c(1));
    session.append('todo/write', { todos: [todo('one', 'completed'), todo('two', 'in_progress')] });
    checkpointStep(session, 1, 2, c(2));
    assert.deepEqual(changeRange(session.events, 'one'), {
      item: 'one',
      startedSeq: 2,
      from: c(1),
      to: c(2),
      completed: true,
    });
    session.append('todo/write', { todos: [todo('one', 'pending'), todo('two', 'in_progress')] });
    assert.deepEqual(
      changeRange(session.events, 'one'),
      { item: 'one', startedSeq: 2, from: c(1), to: c(2), completed: false },
      'reopened: its work stands',
    );
    session.append('todo/write', { todos: [todo('one', 'in_progress'), todo('two', 'in_progress')] });
    checkpointStep(session, 1, 3, c(3));
    assert.deepEqual(
      changeRange(session.events, 'one'),
      { item: 'one', startedSeq: 11, from: c(3), to: null, completed: false },
      'started again: a new range',
    );
    const ranges = fold(changeRangesProjection, session.events);
    assert.deepEqual(evidenceEnds(ranges, 'one'), { from: c(3), to: c(3) });
    assert.deepEqual(evidenceEnds(ranges, 'two'), { from: c(1), to: c(3) }, 'open end: the latest checkpoint');
    session.append('changes/reverted', { item: 'two', scope: 'item', checkpoint: c(1), files: [] });
    assert.equal(changeRange(session.events, 'two'), null, 'reverted: no range until it starts again');
    session.append('todo/write', { todos: [todo('two', 'in_progress')] });
    assert.equal(changeRange(session.events, 'one'), null, 'left out of the plan: forgotten');
    assert.deepEqual(
      [...fold(changeRangesProjection, session.events).items.keys()],
      ['two'],
      "the state is the plan's size",
    );
  });

  it("the host's cache reads each pair of checkpoints once and says when an answer arrives", async () => {
    const { ws, repo } = workspace();
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    const session = memorySession();
    session.append('turn/start', { turn: 1 });
    session.append('todo/write', { todos: [todo('one', 'in_progress')] });
    checkpointStep(session, 1, 1, await repo.checkpoint());
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a changed\n');
    checkpointStep(session, 1, 2, await repo.checkpoint());
    const ranges = fold(changeRangesProjection, session.events);
    let answered!: () => void;
    const arrived = new Promise<void>((resolve) => (answered = resolve));
    let reads = 0;
    const cache = new EvidenceFilesCache(() => {
      reads++;
      answered();
    });
    assert.equal(cache.get(repo, ranges, 'one'), undefined, 'not read yet');
    assert.equal(cache.get(repo, ranges, 'one'), undefined, 'asked again while it is read: no second read');
    await arrived;
    const files = cache.get(repo, ranges, 'one');
    assert.deepEqual(files, [{ status: 'M', path: 'a.txt' }]);
    assert.equal(cache.get(repo, ranges, 'one'), files, 'the same answer, kept');
    assert.equal(reads, 1);
    assert.equal(cache.get(null, ranges, 'one'), null);
  });
});
