// The session log: append validates, checks invariants, freezes, numbers, then notifies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { InvariantViolation } from '../../../extension/src/core/session/invariants';
import { memorySession, openStepWithCalls, todo } from '../support/sessions';

describe('Session.append', () => {
  it('assigns contiguous seq from 1 and an ISO timestamp', () => {
    const s = memorySession();
    const a = s.append('turn/start', { turn: 1 });
    const b = s.append('user/message', { turn: 1, message: { text: 'hi' } });
    assert.equal(a.seq, 1);
    assert.equal(b.seq, 2);
    assert.match(a.ts, /^\d{4}-\d\d-\d\dT/);
  });

  it('validates data with zod and refuses what does not match, appending nothing', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    assert.throws(
      () => s.append('todo/write', { todos: [{ content: ' untrimmed ', status: 'pending' }] }),
      InvariantViolation,
    );
    assert.throws(() => s.append('todo/write', { todos: [todo('a'), todo('a')] }), /duplicate content "a"/);
    assert.throws(
      () => s.append('todo/write', { todos: [{ content: 'a', status: 'done' as never }] }),
      InvariantViolation,
    );
    assert.throws(() => s.append('todo/write', { todos: [{ content: '', status: 'pending' }] }), InvariantViolation);
    assert.equal(s.lastSeq, 1);
  });

  it("records an ACP agent's session between turns only, marked ignorable for older readers", () => {
    const s = memorySession();
    const event = s.append('acp/session', { sessionId: 'agent-1' });
    assert.equal(event.ignorable, true);
    s.append('turn/start', { turn: 1 });
    assert.throws(() => s.append('acp/session', { sessionId: 'agent-2' }), /acp\/session inside turn 1/);
    assert.throws(() => memorySession().append('acp/session', { sessionId: '' }), InvariantViolation);
  });

  it('is silent on how many items are in_progress (the durable invariant is policy-independent)', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b', 'in_progress')] });
    assert.equal(s.lastSeq, 2);
  });

  it("freezes what it stores, and later changes to the caller's object do not reach the log", () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    const todos = [todo('a')];
    const event = s.append('todo/write', { todos });
    todos[0]!.content = 'changed';
    todos.push(todo('b'));
    assert.deepEqual(s.events.at(-1)?.data, { todos: [todo('a')] });
    assert.ok(Object.isFrozen(event) && Object.isFrozen(event.data));
    assert.throws(() => {
      (event.data as { todos: unknown[] }).todos.push(todo('x'));
    }, TypeError);
  });

  it('marks surface events with surfaceOp and never todo/write', () => {
    const s = memorySession();
    openStepWithCalls(s, ['c1']);
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    s.append('todo/write', { todos: [] });
    const byType = Object.fromEntries(s.events.map((e) => [e.type, e.surfaceOp]));
    assert.equal(byType['user/message'], 'append');
    assert.equal(byType['assistant/message'], 'append');
    assert.equal(byType['todo/write'], undefined);
    assert.equal(byType['tool/call'], undefined);
  });
});

describe('Session invariants', () => {
  const violations: [string, (s: ReturnType<typeof memorySession>) => void, RegExp][] = [
    ['a turn that skips a number', (s) => s.append('turn/start', { turn: 2 }), /turn 2 does not follow turn 0/],
    ['a step outside a turn', (s) => s.append('step/start', { turn: 1, step: 1 }), /outside an open turn/],
    ['todo/write outside a turn', (s) => s.append('todo/write', { todos: [] }), /todo\/write outside an open turn/],
    [
      'a tool/call not announced by the assistant message',
      (s) => {
        openStepWithCalls(s, ['c1']);
        s.append('tool/call', { turn: 1, step: 1, callId: 'zz', name: 'x', arguments: '{}' });
      },
      /was not announced/,
    ],
    [
      'a second tool/result for one call',
      (s) => {
        openStepWithCalls(s, ['c1']);
        s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'x', arguments: '{}' });
        s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'ok' });
        s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'ok' });
      },
      /a second tool\/result/,
    ],
    [
      'step/end while a call owes a result',
      (s) => {
        openStepWithCalls(s, ['c1']);
        s.append('step/end', { turn: 1, step: 1 });
      },
      /call c1 has no tool\/result/,
    ],
    [
      'turn/end inside an open step',
      (s) => {
        openStepWithCalls(s, []);
        s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
      },
      /step 1 is open/,
    ],
    [
      'a tool/call in a later step than the announcing message',
      (s) => {
        openStepWithCalls(s, ['c1']);
        s.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: true, content: 'x' });
        s.append('step/end', { turn: 1, step: 1 });
        s.append('step/start', { turn: 1, step: 2 });
        s.append('tool/call', { turn: 1, step: 2, callId: 'c1', name: 'x', arguments: '{}' });
      },
      /was not announced/,
    ],
  ];
  for (const [what, act, message] of violations) {
    it(`refuses ${what}`, () => {
      const s = memorySession();
      const before = () => s.lastSeq;
      let seqAtThrow = -1;
      assert.throws(() => {
        try {
          act(s);
        } finally {
          seqAtThrow = before();
        }
      }, message);
      assert.equal(s.events.length, seqAtThrow);
    });
  }
});

describe('Session subscribers', () => {
  it('notifies after commit; a throwing subscriber breaks neither the append nor the others', () => {
    const errors: unknown[] = [];
    const s = new Session(makeHeader({ id: 'subs' }), { onListenerError: (e) => errors.push(e) });
    const seen: number[] = [];
    const failing = s.subscribe(() => {
      throw new Error('boom');
    });
    s.subscribe((e, session) => seen.push(e.seq * 10 + session.lastSeq));
    s.append('turn/start', { turn: 1 });
    assert.deepEqual(seen, [11]);
    assert.equal(errors.length, 1);
    failing.dispose();
    s.append('user/message', { turn: 1, message: { text: 'x' } });
    assert.equal(errors.length, 1);
    assert.deepEqual(seen, [11, 22]);
  });

  it('a sink that throws vetoes the append: nothing is committed or notified', () => {
    const s = memorySession();
    let notified = 0;
    s.subscribe(() => notified++);
    s.attachSink({
      write() {
        throw new Error('disk full');
      },
    });
    assert.throws(() => s.append('turn/start', { turn: 1 }), /disk full/);
    assert.equal(s.lastSeq, 0);
    assert.equal(notified, 0);
  });
});

describe('deriveMessages', () => {
  it('maps surface events in order and never includes todo/write', () => {
    const s = memorySession();
    openStepWithCalls(s, ['c1']);
    s.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    const withoutWrite = deriveMessages(s.events);
    s.append('todo/write', { todos: [todo('a', 'in_progress')] });
    assert.deepEqual(deriveMessages(s.events), withoutWrite);
    s.append('tool/result', {
      turn: 1,
      step: 1,
      callId: 'c1',
      isError: false,
      content: 'Updated todo list: 0 pending, 1 in progress, 0 completed.',
    });
    assert.deepEqual(deriveMessages(s.events), [
      { role: 'user', text: 'go' },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'todo_write', arguments: '{}' }] },
      {
        role: 'tool',
        callId: 'c1',
        isError: false,
        content: 'Updated todo list: 0 pending, 1 in progress, 0 completed.',
      },
    ]);
  });
});
