// The side log (core/store/side-log.ts) and the review folded with it
// (core/plan/side-review.ts): real files, the side log's own lock, its bound.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { foldWithSide } from '../../../extension/src/core/plan/side-review';
import { listComments } from '../../../extension/src/core/plan/plan-comments';
import { appendSideComment, readSideComments, sideCommentsPath } from '../../../extension/src/core/store/side-comments';
import { acquireLock, isSessionLockedError } from '../../../extension/src/core/store/lock';
import type { Session } from '../../../extension/src/core/session/session';
import { inStep, memorySession, todo } from '../support/sessions';

function tempLog(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'side-log-')), 'session.jsonl');
}

function write(s: Session, todos: ReturnType<typeof todo>[]): number {
  let seq = 0;
  inStep(s, () => (seq = s.append('todo/write', { todos }).seq));
  return seq;
}

describe('side log', () => {
  it('appends with its own seqs, reads back only valid events of its types, skips torn and foreign lines', () => {
    const log = tempLog();
    assert.deepEqual(readSideComments(log), []);
    const first = appendSideComment(log, 'plan/comment', { itemId: '3-1', planSeq: 3, text: 'why?' });
    fs.appendFileSync(sideCommentsPath(log), '{"seq":9,"ts":"x","type":"turn/start","data":{"turn":1}}\nnot json\n');
    const second = appendSideComment(log, 'plan/comment-resolved', { commentSeq: first.seq });
    fs.appendFileSync(sideCommentsPath(log), '{"seq":3,"ts":"x","type":"plan/comm');
    assert.deepEqual(
      readSideComments(log).map((e) => [e.seq, e.type]),
      [
        [1, 'plan/comment'],
        [2, 'plan/comment-resolved'],
      ],
    );
    assert.equal(second.seq, 2);
  });

  it('is refused while another process holds its lock, and never takes the main log lock', () => {
    const log = tempLog();
    const mainLock = acquireLock(log);
    try {
      appendSideComment(log, 'plan/comment', { itemId: '3-1', planSeq: 3, text: 'kept' });
      fs.writeFileSync(`${sideCommentsPath(log)}.lock`, `${process.ppid}\n`);
      assert.throws(
        () => appendSideComment(log, 'plan/comment', { itemId: '3-1', planSeq: 3, text: 'refused' }),
        (error) => isSessionLockedError(error),
      );
      assert.equal(readSideComments(log).length, 1);
    } finally {
      mainLock.dispose();
    }
  });

  it('stops at its bound, 1 MiB: a full side log takes nothing more', () => {
    const log = tempLog();
    const side = sideCommentsPath(log);
    fs.writeFileSync(side, `${' '.repeat(1048576 - 10)}\n`);
    assert.throws(() => appendSideComment(log, 'plan/comment', { itemId: '3-1', planSeq: 3, text: 'too much' }), {
      name: 'SideLogFullError',
      message: `${side} holds 1048576 bytes, the most a side log holds; nothing more is added`,
    });
    assert.equal(fs.statSync(side).size, 1048576 - 9);
  });
});

describe('the review folded with the side log', () => {
  it('states follow the main log: a side comment on v1 is addressed when v2 rewords its item', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const v1 = write(s, [todo('read the parser'), todo('fix the bug')]);
    const side = [
      { seq: 1, ts: 't', type: 'plan/comment', data: { itemId: `${v1}-2`, planSeq: v1, text: 'test first' } },
      { seq: 2, ts: 't', type: 'plan/comment', data: { itemId: `${v1}-1`, planSeq: v1, text: 'which one' } },
      { seq: 3, ts: 't', type: 'plan/comment-resolved', data: { commentSeq: 2 } },
    ] as const;
    const states = () => listComments(foldWithSide(s.events, side)).map((c) => [c.seq, c.state, c.item]);
    assert.deepEqual(states(), [
      [1, 'unresolved', 'fix the bug'],
      [2, 'resolved', 'read the parser'],
    ]);
    write(s, [todo('read the parser'), todo('fix the bug with a test')]);
    assert.deepEqual(states(), [
      [1, 'addressed', 'fix the bug with a test'],
      [2, 'resolved', 'read the parser'],
    ]);
  });
});
