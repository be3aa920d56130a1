// context/compact: its invariants (on append and on load, one checker), and the
// history deriveMessages() builds across compactions.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import type { Session } from '../../../extension/src/core/session/session';
import { summaryMessageText } from '../../../extension/src/core/agent/summary-message';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { memorySession, tempDir, todo } from '../support/sessions';
import { readStandingPlan } from '../support/plan-folds';

/** A step that calls a tool once and gets `result`. */
function toolStep(s: Session, id: string, result: string): void {
  const turn = s.openTurn!;
  const step = s.lastStep + 1;
  s.append('step/start', { turn, step });
  s.append('assistant/message', {
    turn,
    step,
    message: { content: [{ type: 'tool-call', id, name: 'read_file', arguments: '{}' }] },
    model: { provider: 'scripted', model: 'scripted' },
  });
  s.append('tool/call', { turn, step, callId: id, name: 'read_file', arguments: '{}' });
  s.append('tool/result', { turn, step, callId: id, isError: false, content: result });
  s.append('step/end', { turn, step });
}

function startTurn(s: Session, text: string): number {
  const turn = s.lastTurn + 1;
  s.append('turn/start', { turn });
  s.append('user/message', { turn, message: { text } });
  return turn;
}

describe('context/compact invariants', () => {
  it('is accepted between steps, naming the step/end before it', () => {
    const s = memorySession();
    startTurn(s, 'go');
    toolStep(s, 'a', 'one');
    const e = s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'read one' });
    assert.equal(e.type, 'context/compact');
    assert.equal(e.surfaceOp, undefined, 'not a surface event');
    toolStep(s, 'b', 'two'); // the turn goes on
  });

  it('is accepted between turns and at the start of a turn (naming its turn/start)', () => {
    const s = memorySession();
    const turn = startTurn(s, 'one');
    s.append('turn/end', { turn, reason: { kind: 'completed' } });
    s.append('context/compact', { upToSeq: s.lastSeq, summary: 'between turns' });
    startTurn(s, 'two');
    const turnStart = s.events.at(-2)!;
    assert.equal(turnStart.type, 'turn/start');
    s.append('context/compact', { upToSeq: turnStart.seq, summary: 'at turn start' });
  });

  it('is refused inside an open step', () => {
    const s = memorySession();
    startTurn(s, 'go');
    s.append('step/start', { turn: 1, step: 1 });
    assert.throws(
      () => s.append('context/compact', { upToSeq: 1, summary: 'x' }),
      /context\/compact inside step 1; it belongs between steps or between turns/,
    );
  });

  it('is refused when upToSeq is not before its own seq, or is not the latest boundary', () => {
    const s = memorySession();
    startTurn(s, 'go');
    toolStep(s, 'a', 'one');
    const own = s.lastSeq + 1;
    assert.throws(
      () => s.append('context/compact', { upToSeq: own, summary: 'x' }),
      /upToSeq \d+ is not before its own seq/,
    );
    const result = s.events.find((e) => e.type === 'tool/result')!;
    // A cut inside the step would separate the tool call from its result.
    assert.throws(
      () => s.append('context/compact', { upToSeq: result.seq, summary: 'x' }),
      /must name the latest turn\/start, step\/end, turn\/end or context\/compact before it/,
    );
    assert.throws(() => s.append('context/compact', { upToSeq: 1, summary: 'x' }), /must name the latest/);
    assert.equal(s.events.filter((e) => e.type === 'context/compact').length, 0, 'nothing was appended');
  });

  it('is refused before any turn and with an empty summary', () => {
    const s = memorySession();
    assert.throws(
      () => s.append('context/compact', { upToSeq: 1, summary: 'x' }),
      /is not before its own seq|before any turn/,
    );
    startTurn(s, 'go');
    assert.throws(
      () => s.append('context/compact', { upToSeq: 1, summary: '' }),
      /invalid context\/compact data: summary/,
    );
  });

  it('a log with a misplaced compaction is refused on load, naming the line', () => {
    const dir = tempDir();
    const store = new SessionStore(dir);
    const opened = store.create();
    startTurn(opened.session, 'go');
    toolStep(opened.session, 'a', 'one');
    opened.dispose();
    const lines = fs.readFileSync(opened.path, 'utf8').trimEnd().split('\n');
    const bad = {
      seq: opened.session.lastSeq + 1,
      ts: new Date().toISOString(),
      type: 'context/compact',
      data: { upToSeq: 3, summary: 'x' },
    };
    fs.writeFileSync(opened.path, [...lines, JSON.stringify(bad)].join('\n') + '\n');
    assert.throws(
      () => loadLogFile(opened.path),
      (e: unknown) =>
        e instanceof LogLoadError &&
        e.line === lines.length + 1 &&
        /invariant broken: context\/compact upToSeq 3 must name the latest/.test(e.reason),
    );
  });
});

describe('deriveMessages across compactions', () => {
  const plan = [todo('read a', 'completed'), todo('read b', 'in_progress'), todo('report')];

  it('starts from the latest compaction: the summary with the standing plan, then every surface event after upToSeq', () => {
    const s = memorySession();
    startTurn(s, 'survey');
    toolStep(s, 'a', 'one');
    s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'first summary' });
    toolStep(s, 'b', 'two');
    s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'second summary' });
    toolStep(s, 'c', 'three');
    const messages = deriveMessages(s.events, { plan });
    assert.deepEqual(messages[0], { role: 'user', text: summaryMessageText('second summary', plan) });
    assert.deepEqual(
      messages.slice(1).map((m) => m.role),
      ['assistant', 'tool'],
    );
    assert.deepEqual(messages[2], { role: 'tool', callId: 'c', isError: false, content: 'three' });
    assert.ok(!JSON.stringify(messages).includes('first summary'));
    assert.ok(!JSON.stringify(messages).includes('"one"') && !JSON.stringify(messages).includes('"two"'));
  });

  it('states every plan item with its status, in order; no plan and an empty plan are said so', () => {
    const text = summaryMessageText('s', plan);
    assert.match(text, /1\. \[completed\] read a\n2\. \[in_progress\] read b\n3\. \[pending\] report$/);
    assert.match(summaryMessageText('s', null), /\nNo todo list has been written in this turn yet\.$/);
    assert.match(summaryMessageText('s', []), /\nThe todo list is empty\.$/);
  });

  it("a compaction at the start of a turn keeps that turn's prompt verbatim after the summary", () => {
    const s = memorySession();
    const t = startTurn(s, 'one');
    toolStep(s, 'a', 'x');
    s.append('turn/end', { turn: t, reason: { kind: 'completed' } });
    startTurn(s, 'the new prompt');
    s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'turn one, summarized' });
    const messages = deriveMessages(s.events);
    assert.deepEqual(messages, [
      { role: 'user', text: summaryMessageText('turn one, summarized', null) },
      { role: 'user', text: 'the new prompt' },
    ]);
  });

  it('without a compaction the history is unchanged', () => {
    const s = memorySession();
    startTurn(s, 'go');
    toolStep(s, 'a', 'one');
    assert.deepEqual(
      deriveMessages(s.events).map((m) => m.role),
      ['user', 'assistant', 'tool'],
    );
  });

  it("reads no event at or before the latest compaction's upToSeq (its cost does not grow with the log before it)", () => {
    const s = memorySession();
    startTurn(s, 'go');
    for (let i = 0; i < 50; i++) toolStep(s, `c${i}`, `r${i}`);
    s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'fifty reads' });
    toolStep(s, 'last', 'r');
    const upTo = [...s.events].reverse().find((e) => e.type === 'context/compact');
    const limit = upTo?.type === 'context/compact' ? upTo.data.upToSeq : 0;
    assert.ok(limit > 100);
    const guarded = new Proxy(s.events as SessionEvent[], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key) && target[Number(key)]!.seq < limit)
          throw new Error(`read event ${target[Number(key)]!.seq}`);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    assert.equal(deriveMessages(guarded).length, 3);
  });

  it('the plan reader ignores compactions', () => {
    const dir = tempDir();
    const opened = new SessionStore(dir).create();
    const s = opened.session;
    startTurn(s, 'go');
    s.append('step/start', { turn: 1, step: 1 });
    s.append('assistant/message', {
      turn: 1,
      step: 1,
      message: { content: [{ type: 'tool-call', id: 'w', name: 'todo_write', arguments: '{}' }] },
      model: { provider: 'scripted', model: 'scripted' },
    });
    s.append('todo/write', { todos: plan });
    s.append('tool/result', { turn: 1, step: 1, callId: 'w', isError: false, content: 'ok' });
    s.append('step/end', { turn: 1, step: 1 });
    s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'planned' });
    toolStep(s, 'b', 'two');
    opened.dispose();
    assert.deepEqual(readStandingPlan(opened.path), plan);
    assert.equal(fs.existsSync(path.join(dir, `${s.id}.jsonl`)), true);
  });
});

describe('the transcript shows a compaction', () => {
  it('as a divider item carrying the summary, in log order', async () => {
    const { transcriptFromEvents } = await import('../../../extension/src/core/presenters/transcript-folder');
    const s = memorySession();
    startTurn(s, 'go');
    toolStep(s, 'a', 'one');
    const compact = s.append('context/compact', { upToSeq: s.boundarySeq, summary: 'read one' });
    const items = transcriptFromEvents(s.events);
    const divider = items.find((i) => i.kind === 'compaction');
    assert.deepEqual(divider, {
      kind: 'compaction',
      id: `e${compact.seq}`,
      order: divider?.order,
      turn: 1,
      summary: 'read one',
    });
    assert.equal(items.at(-1), divider);
  });
});
