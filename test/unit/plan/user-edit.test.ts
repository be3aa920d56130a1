// User edits of the plan: the todo/user-edit event, where it may sit, the standing
// plan's lifetime with it, the edit rules, and how (and how often) the model is told.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { ModelProvider, ModelRequest } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { PlanEditor, type PlanEditOutcome } from '../../../extension/src/core/plan/plan-editor';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { applyPlanEdit, itemTextProblem, userEditNote } from '../../../extension/src/core/plan/user-edit';
import { fold } from '../../../extension/src/core/session/projection';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { InvariantViolation } from '../../../extension/src/core/session/invariants';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { write } from '../support/scripted-turns';
import { memorySession, openStepWithCalls, tempDir, todo } from '../support/sessions';
import { foldStandingPlan, readStandingPlan } from '../support/plan-folds';

const single = { allowParallelInProgress: false };
const parallel = { allowParallelInProgress: true };

function closeStepAndTurn(s: ReturnType<typeof memorySession>, turn = 1, step = 1): void {
  s.append('step/end', { turn, step });
  s.append('turn/end', { turn, reason: { kind: 'completed' } });
}

describe('todo/user-edit and the standing plan', () => {
  it('a model plan is cleared by the next turn/start; a plan whose latest event is a user edit carries into it', () => {
    const s = memorySession();
    openStepWithCalls(s, []);
    s.append('todo/write', { todos: [todo('a', 'in_progress'), todo('b')] });
    closeStepAndTurn(s);
    s.append('turn/start', { turn: 2 });
    assert.equal(foldStandingPlan(s.events), null, 'model-written: cleared');
    s.append('todo/user-edit', { todos: [todo('x', 'completed'), todo('y')] });
    s.append('turn/end', { turn: 2, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 3 });
    assert.deepEqual(fold(todosProjection, s.events), {
      todos: [todo('x', 'completed'), todo('y')],
      by: 'user',
      seq: 9,
      review: null,
    });
    s.append('turn/end', { turn: 3, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 4 });
    assert.deepEqual(
      foldStandingPlan(s.events),
      [todo('x', 'completed'), todo('y')],
      'carries across any number of turns',
    );
    s.append('step/start', { turn: 4, step: 1 });
    s.append('assistant/message', { turn: 4, step: 1, message: { content: [] }, model: { provider: 'p', model: 'm' } });
    s.append('todo/write', { todos: [todo('y', 'in_progress')] });
    closeStepAndTurn(s, 4);
    s.append('turn/start', { turn: 5 });
    assert.equal(foldStandingPlan(s.events), null, "a later model write is the model's again: cleared");
  });

  it('may sit between turns and between steps, never inside a step', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('before any turn')] });
    openStepWithCalls(s, []);
    assert.throws(
      () => s.append('todo/user-edit', { todos: [todo('a')] }),
      (e: unknown) => e instanceof InvariantViolation && /inside step 1/.test(e.message),
    );
    s.append('step/end', { turn: 1, step: 1 });
    s.append('todo/user-edit', { todos: [todo('between steps')] });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('todo/user-edit', { todos: [todo('after the turn')] });
    assert.deepEqual(foldStandingPlan(s.events), [todo('after the turn')]);
  });

  it('carries the durable invariant of todo/write (trimmed, non-empty, unique), on append and on load', () => {
    const s = memorySession();
    assert.throws(() => s.append('todo/user-edit', { todos: [todo(' a')] }), /already be trimmed/);
    assert.throws(() => s.append('todo/user-edit', { todos: [todo('')] }), /todos\[0\]\.content/);
    assert.throws(() => s.append('todo/user-edit', { todos: [todo('a'), todo('a')] }), /duplicate content "a"/);
    assert.equal(s.lastSeq, 0);
  });

  it('the reverse tail reader agrees: a carried user plan is found past turn/starts, a model plan is not', async () => {
    const store = new SessionStore(tempDir());
    const opened = store.create();
    try {
      const tools = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: true }).registry;
      await runTurn(opened.session, 'one', {
        provider: new ScriptedProvider({ responses: [write([todo('m')]), { text: 'ok' }] }),
        tools,
        maxSteps: 5,
      });
      opened.session.append('todo/user-edit', { todos: [todo('m', 'completed'), todo('u')] });
      await runTurn(opened.session, 'two', {
        provider: new ScriptedProvider({ responses: [{ text: 'ok' }] }),
        tools,
        maxSteps: 5,
      });
      assert.deepEqual(readStandingPlan(opened.path), [todo('m', 'completed'), todo('u')]);
      assert.deepEqual(foldStandingPlan(loadLogFile(opened.path).events), [todo('m', 'completed'), todo('u')]);
      await runTurn(opened.session, 'three', {
        provider: new ScriptedProvider({ responses: [write([todo('n')]), { text: 'ok' }] }),
        tools,
        maxSteps: 5,
      });
      await runTurn(opened.session, 'four', {
        provider: new ScriptedProvider({ responses: [{ text: 'ok' }] }),
        tools,
        maxSteps: 5,
      });
      assert.equal(readStandingPlan(opened.path), null);
      assert.equal(foldStandingPlan(opened.session.events), null);
    } finally {
      opened.dispose();
    }
  });
});

describe('applyPlanEdit: the same rules as todo_write', () => {
  const plan = [todo('a', 'in_progress'), todo('b'), todo('c', 'completed')];
  it('marks, edits text, adds, removes and moves by content', () => {
    assert.deepEqual(applyPlanEdit(plan, { kind: 'status', content: 'b', status: 'completed' }, single), {
      ok: true,
      changed: true,
      todos: [todo('a', 'in_progress'), todo('b', 'completed'), todo('c', 'completed')],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'text', content: 'b', text: '  bee ' }, single), {
      ok: true,
      changed: true,
      todos: [todo('a', 'in_progress'), todo('bee'), todo('c', 'completed')],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'add', text: ' d ' }, single), {
      ok: true,
      changed: true,
      todos: [...plan, todo('d')],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'add', text: 'z', status: 'in_progress', index: 1 }, parallel), {
      ok: true,
      changed: true,
      todos: [plan[0], todo('z', 'in_progress'), plan[1], plan[2]],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'remove', content: 'a' }, single), {
      ok: true,
      changed: true,
      todos: [todo('b'), todo('c', 'completed')],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'move', content: 'c', by: -1 }, single), {
      ok: true,
      changed: true,
      todos: [plan[0], plan[2], plan[1]],
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'move', content: 'a', by: -1 }, single), {
      ok: true,
      changed: false,
      todos: plan,
    });
    assert.deepEqual(applyPlanEdit(null, { kind: 'add', text: 'first' }, single), {
      ok: true,
      changed: true,
      todos: [todo('first')],
    });
  });

  it("refuses with the contract's messages: empty, duplicate, more than one in progress under the single policy, unknown item", () => {
    assert.deepEqual(applyPlanEdit(plan, { kind: 'add', text: '   ' }, single), {
      ok: false,
      message: 'invalid todo: `content` must be a non-empty string',
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'text', content: 'b', text: 'a ' }, single), {
      ok: false,
      message: 'invalid todos: duplicate content "a"',
    });
    assert.deepEqual(applyPlanEdit(plan, { kind: 'status', content: 'b', status: 'in_progress' }, single), {
      ok: false,
      message: 'invalid todos: at most one task may be in_progress (got 2)',
    });
    assert.equal(applyPlanEdit(plan, { kind: 'status', content: 'b', status: 'in_progress' }, parallel).ok, true);
    assert.deepEqual(applyPlanEdit(plan, { kind: 'remove', content: 'nope' }, single), {
      ok: false,
      message: 'the plan has no item "nope"',
    });
  });

  it('itemTextProblem says before an edit what applyPlanEdit would refuse about a text: empty or a duplicate, after trimming', () => {
    for (const text of ['', '   ', 'a', ' a ', 'b', 'new']) {
      const problem = itemTextProblem(plan, text);
      const result = applyPlanEdit(plan, { kind: 'add', text }, parallel);
      assert.equal(problem === null, result.ok, `add ${JSON.stringify(text)}: ${problem} vs ${JSON.stringify(result)}`);
      assert.equal(problem, text.trim() === '' ? 'empty' : ['a', 'b'].includes(text.trim()) ? 'duplicate' : null);
    }
    assert.equal(itemTextProblem(plan, ' b ', 'b'), null, 'rewording an item to its own text is no duplicate');
    assert.equal(itemTextProblem(plan, 'a', 'b'), 'duplicate');
    assert.equal(itemTextProblem(null, 'x'), null);
  });
});

describe('the model is told of a user edit once, at its next request', () => {
  it('one user-role note with the edited list and statuses; several edits before a request make one note with the latest list', () => {
    const s = memorySession();
    s.append('todo/user-edit', { todos: [todo('a')] });
    s.append('todo/user-edit', { todos: [todo('a', 'completed'), todo('b', 'in_progress')] });
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go on' } });
    assert.deepEqual(deriveMessages(s.events), [
      {
        role: 'user',
        text: 'The user edited your todo list. It is now:\n- [completed] a\n- [in_progress] b\nContinue from this list: your next todo_write starts from it.',
      },
      { role: 'user', text: 'go on' },
    ]);
    assert.equal(userEditNote([]), 'The user edited your todo list. It is now empty.');
  });

  it('an edit made while a step runs lands after its step/end, and only the next request carries it, once; later requests add no reminder', async () => {
    const s = memorySession();
    const requests: ModelRequest[] = [];
    const editor = new PlanEditor(s, { policy: () => single });
    const landed: { outcome?: Promise<PlanEditOutcome> } = {};
    const inner = new ScriptedProvider({
      responses: [
        write([todo('a', 'in_progress'), todo('b')]),
        write([todo('a', 'completed'), todo('b', 'in_progress')]),
        { text: 'done' },
      ],
    });
    const provider: ModelProvider = {
      id: inner.id,
      model: inner.model,
      stream: (req, signal) => {
        requests.push(structuredClone(req));
        if (requests.length === 1) landed.outcome = editor.submit({ kind: 'add', text: 'c' });
        return inner.stream(req, signal);
      },
    };
    const tools = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: false }).registry;
    await runTurn(s, 'work', { provider, tools, maxSteps: 5, atStepBoundary: () => editor.flush() });
    // The edit was made during step 1 (the list was empty then) and applied to the plan the model wrote in it.
    assert.equal((await landed.outcome)?.kind, 'applied');
    const types = s.events.map((e) => e.type);
    const edit = types.indexOf('todo/user-edit');
    assert.equal(types[edit - 1], 'step/end');
    assert.equal(types[edit + 1], 'step/start');
    assert.deepEqual((s.events[edit] as { data: unknown }).data, {
      todos: [todo('a', 'in_progress'), todo('b'), todo('c')],
    });
    const notes = (r: ModelRequest) =>
      r.messages.filter((m) => m.role === 'user' && m.text.startsWith('The user edited your todo list.'));
    assert.deepEqual(
      requests.map((r) => notes(r).length),
      [0, 1, 1],
      'the note appears at the next request and stays once in the history',
    );
    assert.deepEqual(notes(requests[1]!)[0], {
      role: 'user',
      text: userEditNote([todo('a', 'in_progress'), todo('b'), todo('c')]),
    });
    assert.equal(
      requests[1]!.messages.at(-1)?.role,
      'user',
      'the note is the last message of the request after the edit',
    );
    assert.deepEqual(
      deriveMessages(s.events),
      deriveMessages(structuredClone([...s.events])),
      'replay tells it the same way',
    );
  });

  it('an edit made while no step is open is appended at once; one refused by the rules appends nothing', async () => {
    const s = memorySession();
    const editor = new PlanEditor(s, { policy: () => single });
    assert.equal((await editor.submit({ kind: 'add', text: 'a' })).kind, 'applied');
    assert.deepEqual(await editor.submit({ kind: 'add', text: 'a' }), {
      kind: 'refused',
      message: 'invalid todos: duplicate content "a"',
    });
    assert.deepEqual(await editor.submit({ kind: 'move', content: 'a', by: 1 }), { kind: 'unchanged' });
    assert.equal(s.lastSeq, 1);
  });

  it('abandon() resolves the edits queued in an open step as refused and appends nothing; later edits still land', async () => {
    const s = memorySession();
    const editor = new PlanEditor(s, { policy: () => single });
    s.append('turn/start', { turn: 1 });
    s.append('user/message', { turn: 1, message: { text: 'go' } });
    s.append('step/start', { turn: 1, step: 1 });
    const queued = editor.submit({ kind: 'add', text: 'a' });
    assert.equal(editor.pending, 1);
    const before = s.lastSeq;
    editor.abandon('closed');
    assert.deepEqual(await queued, { kind: 'refused', message: 'closed' });
    assert.equal(editor.pending, 0);
    closeStepAndTurn(s);
    assert.equal(s.lastSeq, before + 2, 'only the step/end and turn/end were appended');
    assert.equal((await editor.submit({ kind: 'add', text: 'b' })).kind, 'applied');
  });
});
