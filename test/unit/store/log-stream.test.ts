// The chunked log reader (core/store/log-stream.ts) accepts and refuses exactly what
// the synchronous load does, a log of many chunks handed on in order, and a session
// opened through it for writing is repaired as openForWrite repairs it. The line
// splitter both readers share cuts the same lines out of blocks of any size (a line,
// or a character, cut anywhere).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { LineSplitter, type LineVisit } from '../../../extension/src/core/store/line-reader';
import { loadLogFileAsync, streamLog } from '../../../extension/src/core/store/log-stream';
import type { Session } from '../../../extension/src/core/session/session';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir, todo } from '../support/sessions';

function writtenLog(more: (s: Session) => void = () => undefined): { store: SessionStore; id: string; file: string } {
  const store = new SessionStore(path.join(tempDir(), 'sessions'));
  const created = store.create();
  const s = created.session;
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  s.append('step/start', { turn: 1, step: 1 });
  s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
  more(s);
  s.append('step/end', { turn: 1, step: 1 });
  created.dispose();
  return { store, id: s.id, file: created.path };
}

describe('streamed log reads', () => {
  it('hands on every event in order, a chunk at a time, and counts them', async () => {
    const { file } = writtenLog((s) => {
      // Over a megabyte of lines of many lengths, with characters of 1 to 4 bytes: chunks end inside lines and characters.
      for (let i = 1; i <= 2_000; i++) s.append('todo/write', { todos: [todo(`${i} é€😀 ${'x'.repeat(i % 997)}.`)] });
    });
    const whole = loadLogFile(file);
    assert.ok(whole.size > 1 << 20, String(whole.size));
    const seen: number[] = [];
    let batches = 0;
    const log = await streamLog(file, (events) => {
      batches++;
      seen.push(...events.map((e) => e.seq));
    });
    assert.deepEqual(
      seen,
      whole.events.map((e) => e.seq),
    );
    assert.equal(log.size, whole.size);
    assert.equal(log.count, whole.events.length);
    assert.deepEqual(log.last, whole.events.at(-1));
    assert.ok(batches > 1, 'handed on in batches, not at once');
  });

  it('refuses what the load refuses, with the same line and reason', async () => {
    const { file } = writtenLog();
    fs.appendFileSync(file, '{"seq": 99, "ts": "x", "type": "turn/end", "data": {}}\n');
    const sync = (() => {
      try {
        loadLogFile(file);
      } catch (error) {
        return error;
      }
      return null;
    })();
    assert.ok(sync instanceof LogLoadError);
    await assert.rejects(
      loadLogFileAsync(file),
      (error: unknown) => error instanceof LogLoadError && error.line === sync.line && error.reason === sync.reason,
    );
  });

  it('opens for write through the chunked read: the torn tail is cut and the open turn closed', async () => {
    const { store, id, file } = writtenLog();
    fs.appendFileSync(file, '{"seq": 6, "ts": "2026-');
    const opened = await store.openForWriteAsync(id);
    try {
      assert.ok(opened.repair.cutBytes > 0);
      assert.ok(opened.repair.appended > 0, 'the interrupted turn is closed');
      assert.equal(opened.session.openTurn, null);
    } finally {
      opened.dispose();
    }
    assert.deepEqual(
      loadLogFile(file)
        .events.map((e) => e.type)
        .slice(-1),
      ['turn/end'],
    );
  });
});

describe('the line splitter', () => {
  it('cuts the same lines out of blocks of any size, read into one reused buffer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.constant('\n'), fc.constant('é€😀')), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        (pieces, sizes) => {
          const bytes = Buffer.from(pieces.join(''), 'utf8');
          const block = Buffer.alloc(40);
          const splitter = new LineSplitter();
          const visits: LineVisit[] = [];
          for (let offset = 0, i = 0; offset < bytes.length; i++) {
            const n = bytes.copy(block, 0, offset, offset + sizes[i % sizes.length]!);
            splitter.push(block, n, (v) => visits.push(v));
            block.fill(0xff);
            offset += n;
          }
          const texts = bytes.toString('utf8').split('\n');
          const tail = texts.pop()!;
          let start = 0;
          const expected = texts.map((text, i) => {
            const visit = { text, line: i + 1, start };
            start += Buffer.byteLength(text) + 1;
            return visit;
          });
          assert.deepEqual(visits, expected);
          assert.deepEqual(splitter.end(), {
            unterminated: tail === '' ? null : { start, text: tail },
            size: bytes.length,
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
