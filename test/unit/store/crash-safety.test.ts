// Crash safety: cut a finished log at EVERY byte offset inside its last lines; opening
// for write repairs it, check passes, no complete line before the cut is lost, and the
// standing plan is what the surviving lines say.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseEvent, rawEnvelopeSchema, type SessionEvent } from '../../../extension/src/core/session/events';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { openLogForWrite } from '../../../extension/src/core/store/session-store';
import { main } from '../../../extension/src/cli/main';
import { finishedTurnWithTwoWrites, runScripted } from '../support/scripted-turns';
import { tempDir } from '../support/sessions';
import { foldStandingPlan, readStandingPlan } from '../support/plan-folds';

function eventsOf(lines: string[]): SessionEvent[] {
  return lines.map((line) => {
    const event = parseEvent(rawEnvelopeSchema.parse(JSON.parse(line)));
    assert.notEqual(typeof event, 'string');
    return event as SessionEvent;
  });
}

const quietIo = (sink: string[]) => ({
  out: (l: string) => sink.push(l),
  err: (l: string) => sink.push(l),
  write: () => {},
  env: {},
  cwd: process.cwd(),
});

describe('crash safety', () => {
  it('repairs a cut at every byte offset of the last lines without losing a complete line', async () => {
    const dir = tempDir();
    const subject = await finishedTurnWithTwoWrites(dir);
    const original = fs.readFileSync(subject.path);
    const lines = original.toString('utf8').split('\n').slice(0, -1);
    const lineStarts: number[] = [];
    let offset = 0;
    for (const line of lines) {
      lineStarts.push(offset);
      offset += Buffer.byteLength(line) + 1;
    }
    // The contract asks for the last three lines; we cut through the last eight, which
    // also covers cuts inside the second todo/write and the tool/call before it.
    const first = lineStarts[lines.length - 8]!;
    assert.equal(JSON.parse(lines[lines.length - 3]!).type, 'assistant/message');
    const types = lines.slice(-8).map((l) => JSON.parse(l).type);
    assert.deepEqual(types.slice(-3), ['assistant/message', 'step/end', 'turn/end']);
    assert.deepEqual(types.slice(0, 2), ['tool/call', 'todo/write']);

    const work = path.join(dir, 'cut.jsonl');
    let cuts = 0;
    for (let cut = first; cut <= original.length; cut++) {
      fs.writeFileSync(work, original.subarray(0, cut));
      // Lines whose bytes all survived (a line cut exactly before its newline is complete).
      const surviving = lines.filter((line, i) => lineStarts[i]! + Buffer.byteLength(line) <= cut);
      const expectedPlan = foldStandingPlan(eventsOf(surviving.slice(1)));

      const opened = openLogForWrite(work);
      opened.dispose();
      const repaired = fs.readFileSync(work, 'utf8');
      const survivingText = surviving.map((l) => `${l}\n`).join('');
      assert.ok(repaired.startsWith(survivingText), `cut ${cut}: a complete line was lost`);

      const loaded = loadLogFile(work);
      assert.equal(loaded.tornTail, null, `cut ${cut}: torn tail left behind`);
      assert.equal(loaded.checker.position.openTurn, null, `cut ${cut}: turn left open`);
      assert.deepEqual(foldStandingPlan(loaded.events), expectedPlan, `cut ${cut}: wrong standing plan`);
      assert.deepEqual(readStandingPlan(work), expectedPlan, `cut ${cut}: tail reader disagrees`);
      const out: string[] = [];
      assert.equal(await main(['check', work], quietIo(out)), 0, `cut ${cut}: check failed: ${out.join('\n')}`);
      cuts++;
    }
    assert.ok(cuts > 300, `only ${cuts} cuts`);
  });

  it('a repaired session takes its next turn, and the model sees why the last one ended', async () => {
    const dir = tempDir();
    const subject = await finishedTurnWithTwoWrites(dir);
    const bytes = fs.readFileSync(subject.path);
    const text = bytes.toString('utf8');
    // Cut in the middle of the second tool/result: its tool/call is durable, its outcome unknown.
    const secondResult = text.lastIndexOf('"type":"tool/result"');
    fs.writeFileSync(subject.path, bytes.subarray(0, Buffer.byteLength(text.slice(0, secondResult)) + 10));
    const opened = openLogForWrite(subject.path);
    try {
      assert.ok(opened.repair.cutBytes > 0);
      const results = opened.session.events.filter((e) => e.type === 'tool/result');
      assert.match(
        results.at(-1)!.type === 'tool/result' ? (results.at(-1)!.data as { content: string }).content : '',
        /outcome of this call is unknown/,
      );
      const lastEnd = opened.session.events.at(-1)!;
      assert.equal(lastEnd.type, 'turn/end');
      assert.equal(lastEnd.type === 'turn/end' && lastEnd.data.reason.kind, 'interrupted');
      // The interrupted turn's plan stands until the next turn starts.
      assert.equal(foldStandingPlan(opened.session.events)?.[2]?.status, 'in_progress');
      const reason = await runScripted(opened, 'go on', [{ text: 'Continuing.' }]);
      assert.deepEqual(reason, { kind: 'completed' });
      assert.equal(foldStandingPlan(opened.session.events), null);
    } finally {
      opened.dispose();
    }
    assert.equal(loadLogFile(subject.path).checker.position.lastTurn, 2);
  });
});

describe('crash repair of subagents', () => {
  it('ends a subagent that was running when the session stopped as interrupted', async () => {
    const { SessionStore } = await import('../../../extension/src/core/store/session-store');
    const dir = tempDir();
    const store = new SessionStore(dir);
    const opened = store.create({ id: 'parent' });
    const s = opened.session;
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    s.append('step/start', { turn: 1, step: 1 });
    s.append('assistant/message', {
      turn: 1,
      step: 1,
      message: { content: [{ type: 'tool-call', id: 'sub1', name: 'subagent', arguments: '{}' }] },
      model: { provider: 'scripted', model: 'scripted' },
    });
    s.append('tool/call', { turn: 1, step: 1, callId: 'sub1', name: 'subagent', arguments: '{}' });
    s.append('subagent/start', { callId: 'sub1', childSessionId: 'child', description: 'look around' });
    opened.dispose(); // the process dies here
    const reopened = openLogForWrite(opened.path);
    reopened.dispose();
    const types = loadLogFile(opened.path)
      .events.slice(-5)
      .map((e) => (e.type === 'subagent/end' ? `${e.type}:${e.data.outcome}` : e.type));
    assert.deepEqual(types, ['subagent/start', 'subagent/end:interrupted', 'tool/result', 'step/end', 'turn/end']);
  });
});
