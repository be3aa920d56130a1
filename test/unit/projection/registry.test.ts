// The projection registry and live projections: owned registrations, change only on a new state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { LiveProjection } from '../../../extension/src/core/projection/projection';
import { ProjectionRegistry } from '../../../extension/src/core/projection/registry';
import { memorySession, todo } from '../support/sessions';

describe('ProjectionRegistry', () => {
  it('registers by key once; dispose frees the key', () => {
    const registry = new ProjectionRegistry();
    const d = registry.register(todosProjection);
    assert.throws(() => registry.register(todosProjection), /already registered/);
    d.dispose();
    registry.register(todosProjection);
    assert.deepEqual(registry.keys(), ['todos']);
  });

  it('attaches live instances that start from the session so far and follow its appends', () => {
    const registry = new ProjectionRegistry();
    registry.register(todosProjection);
    const session = memorySession();
    session.append('turn/start', { turn: 1 });
    session.append('todo/write', { todos: [todo('a')] });
    const live = registry.attach(session).get('todos')!;
    assert.deepEqual(live.state, { todos: [todo('a')], by: 'model', seq: 2 });
    session.append('todo/write', { todos: [todo('b')] });
    assert.deepEqual(live.state, { todos: [todo('b')], by: 'model', seq: 3 });
    live.dispose();
    session.append('todo/write', { todos: [todo('c')] });
    assert.deepEqual(live.state?.todos, [todo('b')], 'a disposed projection stops following');
  });
});

describe('LiveProjection.onChange', () => {
  it('fires only when the state reference changes', () => {
    const session = memorySession();
    const live = new LiveProjection(todosProjection, session);
    const seen: string[] = [];
    live.onChange((state, event) => seen.push(`${event.type}:${state === null ? 'null' : state.todos.length}`));
    session.append('turn/start', { turn: 1 }); // null -> null: same reference, no change
    session.append('user/message', { turn: 1, message: { text: 'x' } });
    session.append('todo/write', { todos: [todo('a'), todo('b')] });
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    session.append('turn/start', { turn: 2 });
    assert.deepEqual(seen, ['todo/write:2', 'turn/start:null']);
  });
});
