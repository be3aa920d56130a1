// The JSONL store: creation, header, durability points, single writer, refusals, tail reads.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { SessionLockedError } from '../../../extension/src/core/store/lock';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { readTailPage } from '../../../extension/src/core/store/tail-reader';
import { finishedTurnWithTwoWrites, runScripted, write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';
import { readStandingPlan } from '../support/plan-folds';

describe('SessionStore files', () => {
  it('creates the file on the first append, header first', () => {
    const store = new SessionStore(tempDir());
    const opened = store.create({ id: 's1', cwd: '/w', title: 'T' });
    try {
      assert.equal(fs.existsSync(opened.path), false);
      opened.session.append('turn/start', { turn: 1 });
      const lines = fs.readFileSync(opened.path, 'utf8').split('\n');
      const header = JSON.parse(lines[0]!);
      assert.deepEqual(
        { ...header, createdAt: 'x' },
        { type: 'session', version: 1, id: 's1', createdAt: 'x', cwd: '/w', title: 'T' },
      );
      assert.equal(JSON.parse(lines[1]!).type, 'turn/start');
      assert.equal(lines[2], '');
    } finally {
      opened.dispose();
    }
  });

  it('fsyncs at tool/call and turn/end, not at every event', async () => {
    const store = new SessionStore(tempDir());
    const opened = store.create();
    const synced: string[] = [];
    // The module object behind every `import * as fs` (ESM namespaces are read-only).
    const cjsFs: typeof fs = createRequire(__filename)('node:fs');
    const original = cjsFs.fsyncSync;
    let last = '';
    opened.session.subscribe((e) => (last = e.type));
    cjsFs.fsyncSync = (fd: number) => {
      synced.push(last);
      original(fd);
    };
    try {
      await runScripted(opened, 'go', [write([todo('a')]), { text: 'ok' }]);
    } finally {
      cjsFs.fsyncSync = original;
      opened.dispose();
    }
    // `last` is the event before the one being synced: tool/call follows assistant/message; turn/end follows step/end.
    assert.deepEqual(synced, ['', 'assistant/message', 'step/end']);
  });

  it('one writer at a time: a second writer is refused, a reader is not, a stale lock is taken over', () => {
    const store = new SessionStore(tempDir());
    const a = store.create({ id: 'locked' });
    a.session.append('turn/start', { turn: 1 });
    assert.throws(() => store.openForWrite('locked'), SessionLockedError);
    assert.equal(store.openReadOnly('locked').events.length, 1);
    a.dispose();
    // A lock left by a dead process (crash) does not block.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(`${a.path}.lock`, `${dead}\n`);
    const b = store.openForWrite('locked');
    assert.equal(b.repair.appended, 1); // the open turn is closed as interrupted
    b.dispose();
    assert.equal(fs.existsSync(`${a.path}.lock`), false);
  });

  it('lists sessions newest first', () => {
    const store = new SessionStore(tempDir());
    for (const id of ['one', 'two']) {
      const o = store.create({ id });
      o.session.append('turn/start', { turn: 1 });
      o.dispose();
    }
    fs.utimesSync(store.pathOf('one'), new Date(), new Date(Date.now() + 5000));
    assert.deepEqual(
      store.list().map((s) => s.id),
      ['one', 'two'],
    );
  });

  it('refuses session ids that would escape the folder', () => {
    const store = new SessionStore(tempDir());
    assert.throws(() => store.pathOf('../x'), /invalid session id/);
  });
});

describe('loading refusals', () => {
  async function subject(): Promise<{ path: string; lines: string[] }> {
    const { path: p } = await finishedTurnWithTwoWrites(tempDir());
    return { path: p, lines: fs.readFileSync(p, 'utf8').split('\n').slice(0, -1) };
  }
  const rewrite = (p: string, lines: string[]) => fs.writeFileSync(p, lines.map((l) => `${l}\n`).join(''));

  it('refuses a log that breaks an invariant, naming the line', async () => {
    const { path: p, lines } = await subject();
    const i = lines.findIndex((l) => l.includes('"type":"todo/write"'));
    lines[i] = lines[i]!.replace('"read the code"', '" read the code"');
    rewrite(p, lines);
    assert.throws(
      () => loadLogFile(p),
      (e: unknown) => e instanceof LogLoadError && e.line === i + 1 && /must already be trimmed/.test(e.message),
    );
  });

  it('refuses a relational break (a second tool/result), naming the line', async () => {
    const { path: p, lines } = await subject();
    const i = lines.findIndex((l) => l.includes('"type":"tool/result"'));
    const dup = JSON.parse(lines[i]!);
    lines.splice(i + 1, 0, JSON.stringify(dup));
    // renumber so the seq check passes and the relational check is what fails
    const renumbered = lines.map((l, n) => (n === 0 ? l : JSON.stringify({ ...JSON.parse(l), seq: n })));
    rewrite(p, renumbered);
    assert.throws(
      () => loadLogFile(p),
      (e: unknown) => e instanceof LogLoadError && e.line === i + 2 && /second tool\/result/.test(e.message),
    );
  });

  it('refuses an unknown event type that is not ignorable, saying what to do; skips an ignorable one', async () => {
    const { path: p, lines } = await subject();
    const last = JSON.parse(lines.at(-1)!);
    rewrite(p, [...lines, JSON.stringify({ seq: last.seq + 1, ts: last.ts, type: 'future/thing', data: {} })]);
    assert.throws(() => loadLogFile(p), /:\d+: unknown event type "future\/thing".*Update Agent Checklist/);
    rewrite(p, [
      ...lines,
      JSON.stringify({ seq: last.seq + 1, ts: last.ts, type: 'future/thing', data: {}, ignorable: true }),
    ]);
    const loaded = loadLogFile(p);
    assert.equal(loaded.skipped, 1);
    assert.equal(loaded.checker.position.lastSeq, last.seq + 1);
  });

  it('refuses a newer format version with a message that says what to do', async () => {
    const { path: p, lines } = await subject();
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), version: 2 });
    rewrite(p, lines);
    assert.throws(
      () => loadLogFile(p),
      /:1: this log was written in format version 2, newer than this build reads \(1\)\. Update Agent Checklist/,
    );
    assert.throws(() => new SessionStore(path.dirname(p)).openForWrite('crash-subject'), /format version 2/);
    assert.equal(fs.readFileSync(p, 'utf8').split('\n')[0], lines[0]); // nothing changed
  });
});

describe('reverse tail reader', () => {
  it('reads the standing plan from the end, skipping a torn last line', async () => {
    const { path: p } = await finishedTurnWithTwoWrites(tempDir());
    const expected = [
      todo('read the code', 'completed'),
      todo('watch the build', 'completed'),
      todo('write the fix', 'in_progress'),
    ];
    assert.deepEqual(readStandingPlan(p), expected);
    fs.appendFileSync(p, '{"seq":99,"ts":"x","type":"turn/st');
    assert.deepEqual(readStandingPlan(p), expected);
  });

  it('returns null after a later turn/start, and for a log with no write', async () => {
    const dir = tempDir();
    const { id } = await finishedTurnWithTwoWrites(dir);
    const store = new SessionStore(dir);
    const o = store.openForWrite(id);
    await runScripted(o, 'next', [{ text: 'hi' }]);
    o.dispose();
    assert.equal(readStandingPlan(store.pathOf(id)), null);
  });

  it('pages the transcript backwards with a cursor, whatever the block size', async () => {
    const { path: p } = await finishedTurnWithTwoWrites(tempDir());
    const all = loadLogFile(p).events;
    const seqs: number[] = [];
    let cursor: number | null | undefined;
    do {
      const page: ReturnType<typeof readTailPage> = readTailPage(p, 5, cursor ?? undefined);
      seqs.unshift(...page.events.map((e) => e.seq));
      cursor = page.cursor;
    } while (cursor !== null);
    assert.deepEqual(
      seqs,
      all.map((e) => e.seq),
    );
  });
});
