// The chunked log reader (core/store/log-stream.ts) accepts and refuses exactly what
// the synchronous load does, whatever the chunk size, and a session opened through it
// for writing is repaired as openForWrite repairs it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { loadLogFileAsync, streamLogFile } from '../../../extension/src/core/store/log-stream';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir, todo } from '../support/sessions';

function writtenLog(): { store: SessionStore; id: string; file: string } {
  const store = new SessionStore(path.join(tempDir(), 'sessions'));
  const created = store.create();
  const s = created.session;
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  s.append('step/start', { turn: 1, step: 1 });
  s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
  s.append('step/end', { turn: 1, step: 1 });
  created.dispose();
  return { store, id: s.id, file: created.path };
}

describe('streamed log reads', () => {
  it('hands on every event in order, in chunks, for any chunk size', async () => {
    const { file } = writtenLog();
    const whole = loadLogFile(file);
    for (const chunk of [1, 7, 64, 1 << 16]) {
      const seen: number[] = [];
      let batches = 0;
      const log = await streamLogFile(
        file,
        (events) => {
          batches++;
          seen.push(...events.map((e) => e.seq));
        },
        chunk,
      );
      assert.deepEqual(
        seen,
        whole.events.map((e) => e.seq),
      );
      assert.equal(log.size, whole.size);
      if (chunk === 1) assert.ok(batches > 1, 'one batch per chunk that completes a line');
    }
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
