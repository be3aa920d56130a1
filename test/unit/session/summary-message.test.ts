// The exact text the model reads in place of a compacted history (docs/todo-write-contract.md,
// "Compaction"): models and snapshots read it, so it is pinned here word for word.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { memorySession, todo } from '../support/sessions';

function compactedSession() {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'Fix the parser' } });
  s.append('context/compact', { upToSeq: s.boundarySeq, summary: '  The user asked to fix the parser.  ' });
  return s;
}

describe('the summary message after a compaction', () => {
  it('is the summary, then the standing plan restated with every item and status, in order', () => {
    const [first, ...rest] = deriveMessages(compactedSession().events, {
      plan: [todo('Read the parser', 'completed'), todo('Guard empty input', 'in_progress'), todo('Add a test')],
    });
    assert.deepEqual(first, {
      role: 'user',
      text: [
        '[Earlier conversation, summarized because the context window filled up]',
        'The user asked to fix the parser.',
        '',
        '[Standing plan: your todo list as it stands on the session log. It is authoritative; keep it current with todo_write]',
        '1. [completed] Read the parser',
        '2. [in_progress] Guard empty input',
        '3. [pending] Add a test',
      ].join('\n'),
    });
    assert.deepEqual(
      rest,
      [{ role: 'user', text: 'Fix the parser' }],
      "then what came after the boundary: the turn's prompt",
    );
  });

  it('says so when there is no plan, and when the plan is empty', () => {
    const events = compactedSession().events;
    const text = (plan: Parameters<typeof deriveMessages>[1]) => {
      const m = deriveMessages(events, plan)[0];
      return m?.role === 'user' ? m.text.split('\n').at(-1) : undefined;
    };
    assert.equal(text({ plan: null }), 'No todo list has been written in this turn yet.');
    assert.equal(text({}), 'No todo list has been written in this turn yet.');
    assert.equal(text({ plan: [] }), 'The todo list is empty.');
  });
});
