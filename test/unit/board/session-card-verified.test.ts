// A session's board card counts its verified items (issue 52): `verified` in the card
// (`board --format json`), from the log's checks (core/board/session-card.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSessionCard } from '../../../extension/src/core/board/session-card';
import { tempDir, todo } from '../support/sessions';
import { T0, writeLog } from './board-logs';

describe('board card: verified items', () => {
  it('counts the items whose check passed after their last change', () => {
    const dir = tempDir('board-verified-');
    const logPath = writeLog(dir, 'checked', (s) => {
      s.append('todo/user-edit', { todos: [todo('a'), todo('b'), todo('c')] });
      s.append('plan/check-set', { item: 'a', command: 'true' });
      s.append('plan/check-set', { item: 'b', command: 'false' });
      s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'completed'), todo('c')] });
      s.append('check/result', { item: 'a', command: 'true', exitCode: 0, durationMs: 1, output: '' });
      s.append('check/result', { item: 'b', command: 'false', exitCode: 1, durationMs: 1, output: '' });
    });
    const card = readSessionCard(logPath, { asksApproval: () => false, nowMs: T0 + 60_000, stallMinutes: 10 });
    assert.deepEqual([card?.completed, card?.total, card?.verified], [2, 3, 1]);
  });
});
