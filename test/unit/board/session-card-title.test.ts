// A session card's title (core/board/session-card.ts): the header's title, else the
// first prompt among the log's first 64 KiB, however long the header or the lines
// before that prompt are (log-ends.ts reads the start of a log in two steps).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import { readSessionCard } from '../../../extension/src/core/board/session-card';
import type { Session } from '../../../extension/src/core/session/session';
import { tempDir } from '../support/sessions';
import { T0, writeLog } from './board-logs';

const OPTIONS = { asksApproval: () => false, nowMs: T0 + 60_000, stallMinutes: 10 };

/** Turns of a few hundred bytes each until the log is well over the card's 64 KiB window. */
function manyTurns(s: Session): void {
  for (let i = 0; i < 300; i++) {
    const turn = s.lastTurn + 1;
    s.append('turn/start', { turn });
    s.append('user/message', { turn, message: { text: `follow-up number ${i} with some words` } });
    s.append('turn/end', { turn, reason: { kind: 'completed' } });
  }
}

describe('board card: title', () => {
  it('is the first prompt when the lines before it reach past the log’s first 4 KiB', () => {
    const dir = tempDir('board-title-');
    const logPath = writeLog(dir, 'long-first-line', (s) => {
      s.append('turn/start', { turn: 1 });
      s.append('user/message', { turn: 1, message: { text: `Rename the parser\n${'context '.repeat(1000)}` } });
      s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      manyTurns(s);
    });
    assert.ok(fs.statSync(logPath).size > 80 * 1024);
    assert.equal(readSessionCard(logPath, OPTIONS)?.title, 'Rename the parser');
  });

  it('is the header’s title when the header is longer than 4 KiB', () => {
    const dir = tempDir('board-title-');
    const title = `Long title ${'t'.repeat(6000)}`;
    const logPath = writeLog(dir, 'long-header', manyTurns, { title });
    const card = readSessionCard(logPath, OPTIONS);
    assert.deepEqual([card?.state, card?.title], ['idle', title]);
  });

  it('is the first prompt of a log barely longer than its window', () => {
    const dir = tempDir('board-title-');
    const logPath = writeLog(dir, 'barely', (s) => {
      s.append('turn/start', { turn: 1 });
      s.append('user/message', { turn: 1, message: { text: 'First ask' } });
      s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      while (fs.statSync(`${dir}/barely.jsonl`).size < 64 * 1024 + 1000) manyTurnsOnce(s);
    });
    assert.equal(readSessionCard(logPath, OPTIONS)?.title, 'First ask');
  });
});

function manyTurnsOnce(s: Session): void {
  const turn = s.lastTurn + 1;
  s.append('turn/start', { turn });
  s.append('user/message', { turn, message: { text: 'again' } });
  s.append('turn/end', { turn, reason: { kind: 'completed' } });
}
