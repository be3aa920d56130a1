// opencode's parts as marks (OpencodeSessionReader): a completed todowrite call is a
// plan version with opencode's statuses mapped (cancelled left out, priority dropped);
// a call still running stops the read before it and is taken at the next read; a failed
// call counts as a plan-tool call with no plan; a prompt starts one turn per message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OpencodeSessionReader, type OpencodePartRow } from '../../../extension/src/core/import/opencode-session';

const session = { id: 'ses_1', directory: '/work', title: 'A title', version: '1.18.33', time_created: 1_000 };

let next = 0;
function part(role: string | null, data: object, messageId = 'msg_1'): OpencodePartRow {
  next++;
  return {
    id: `prt_${String(next).padStart(4, '0')}`,
    message_id: messageId,
    time_created: 1_000 + next,
    role,
    data: JSON.stringify(data),
  };
}
const todowrite = (status: string, todos: object[]) => ({
  type: 'tool',
  tool: 'todowrite',
  state: { status, input: { todos } },
});

describe('opencode session rows as marks', () => {
  it('maps statuses, waits for a running call, counts a failed one, starts one turn per prompt', () => {
    const reader = new OpencodeSessionReader(session);
    const prompt = part('user', { type: 'text', text: 'Fix the bug\nplease' }, 'msg_u');
    const again = part('user', { type: 'text', text: 'more of the same prompt' }, 'msg_u');
    const done = part(
      'assistant',
      todowrite('completed', [
        { content: 'Read', status: 'completed', priority: 'high' },
        { content: 'Polish', status: 'cancelled', priority: 'low' },
        { content: 'Fix', status: 'in_progress', priority: 'medium' },
      ]),
    );
    const failed = part('assistant', todowrite('error', []));
    const running = part(
      'assistant',
      todowrite('running', [{ content: 'Fix', status: 'completed', priority: 'medium' }]),
    );
    const marks = reader.read([prompt, again, done, failed, running]);
    assert.deepEqual(marks, [
      { kind: 'turn-start', ts: new Date(prompt.time_created).toISOString() },
      {
        kind: 'plan',
        ts: new Date(done.time_created).toISOString(),
        todos: [
          { content: 'Read', status: 'completed' },
          { content: 'Fix', status: 'in_progress' },
        ],
      },
    ]);
    assert.equal(reader.cursor, failed.id);
    assert.equal(reader.info.planCalls, 2);
    assert.equal(reader.info.title, 'Fix the bug');
    assert.deepEqual([reader.info.agent, reader.info.sessionId, reader.info.version], ['opencode', 'ses_1', '1.18.33']);

    // The next read takes the call again, now completed.
    const finished = {
      ...running,
      data: JSON.stringify(todowrite('completed', [{ content: 'Fix', status: 'completed', priority: 'medium' }])),
    };
    assert.deepEqual(reader.read([finished]), [
      {
        kind: 'plan',
        ts: new Date(running.time_created).toISOString(),
        todos: [{ content: 'Fix', status: 'completed' }],
      },
    ]);
    assert.equal(reader.cursor, running.id);
  });

  it('skips and counts a todowrite whose input is not a list of todos; an import passes over a running call', () => {
    const reader = new OpencodeSessionReader(session);
    const bad = part('assistant', todowrite('completed', [{ content: 'x', status: 'blocked' }]));
    const running = part('assistant', todowrite('running', []));
    const later = part('assistant', todowrite('completed', [{ content: 'Ship', status: 'pending', priority: 'low' }]));
    const marks = reader.read([bad, running, later], true);
    assert.deepEqual(
      marks.map((m) => (m.kind === 'plan' ? m.todos : m.kind)),
      [[{ content: 'Ship', status: 'pending' }]],
    );
    assert.equal(reader.skipped, 1);
    assert.equal(reader.cursor, later.id);
  });
});
