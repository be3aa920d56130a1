// The board's worker thread from the host's side (core/board/board-thread.ts): a read
// answers with the cards; a job past its deadline is rejected with its reason and the
// thread ended, and the next job starts a new thread.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoardThread } from '../../../extension/src/core/board/board-thread';
import { tempDir } from '../support/sessions';
import { STATE_LOGS, T0, writeLog } from './board-logs';

function readJob(dir: string) {
  return { kind: 'read' as const, sessionDirs: [dir], nowMs: T0 + 60_000, stallMinutes: 10, approvalTools: ['bash'] };
}

describe('the board’s thread', () => {
  const dir = tempDir('board-thread-');
  writeLog(dir, 'running', STATE_LOGS.running);

  it('a read past its deadline is rejected and the thread ended; the next read starts a new thread', async () => {
    const thread = new BoardThread({ read: 1 });
    try {
      await assert.rejects(thread.read(readJob(dir)), /the board's read took longer than 0.001 s/);
    } finally {
      thread.dispose();
    }
    const patient = new BoardThread();
    try {
      const cards = await patient.read(readJob(dir));
      assert.deepEqual(
        cards.map((c) => [c.id, c.state]),
        [['running', 'running']],
      );
    } finally {
      patient.dispose();
    }
  });
});
