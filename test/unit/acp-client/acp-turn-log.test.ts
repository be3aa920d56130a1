// session/update → our events (AcpTurnLog) on a session in memory: every append is
// checked by the log's own invariants, so a mapping that broke the step structure
// would throw here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { AcpTurnLog } from '../../../extension/src/core/acp-client/acp-turn-log';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import type { LiveDelta } from '../../../extension/src/core/session/live-delta';
import { presentToolCall } from '../../../extension/src/core/presenters/tool-call';
import { sourceLabel } from '../../../extension/src/core/session/source';
import { memorySession } from '../support/sessions';

const NO_RESULT_MESSAGE = 'the agent did not report how this call ended';

const model = { provider: 'acp', model: 'test-agent' };

function turn(updates: SessionUpdate[], between?: (log: AcpTurnLog) => void) {
  const session = memorySession();
  const log = new AcpTurnLog(session, model);
  log.start('go');
  for (const u of updates) log.update(u);
  between?.(log);
  log.end({ kind: 'completed' });
  return session.events;
}

/** The log as `type` or `type:detail` words, to compare the structure at a glance. */
function shape(events: readonly SessionEvent[]): string[] {
  return events.map((e) => {
    switch (e.type) {
      case 'assistant/message':
        return `assistant ${e.data.message.content.map((b) => (b.type === 'tool-call' ? `call:${b.id}` : `${b.type}:${b.text}`)).join(' ')}`;
      case 'tool/call':
        return `call ${e.data.callId}`;
      case 'tool/result':
        return `result ${e.data.callId}${e.data.isError ? ' error' : ''}`;
      case 'tool/approval':
        return `approval ${e.data.callId} ${e.data.decision}/${e.data.by}`;
      case 'todo/write':
        return `plan ${e.data.todos.map((t) => `${t.content}=${t.status}`).join(',')}`;
      default:
        return e.type;
    }
  });
}

const text = (t: string): SessionUpdate => ({
  sessionUpdate: 'agent_message_chunk',
  content: { type: 'text', text: t },
});
const thought = (t: string): SessionUpdate => ({
  sessionUpdate: 'agent_thought_chunk',
  content: { type: 'text', text: t },
});

describe('AcpTurnLog', () => {
  it('text and thought chunks become one assistant message, joined by kind, in order', () => {
    assert.deepEqual(shape(turn([thought('Let me '), thought('think.'), text('Hello, '), text('world.')])), [
      'turn/start',
      'user/message',
      'step/start',
      'assistant reasoning:Let me think. text:Hello, world.',
      'step/end',
      'turn/end',
    ]);
  });

  it('streams text and thoughts live as the step each is then logged in', () => {
    const session = memorySession();
    const deltas: LiveDelta[] = [];
    const log = new AcpTurnLog(session, model, (d) => deltas.push(d));
    log.start('go');
    log.update(thought('Hm.'));
    log.update(text('Writing.'));
    log.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'Write',
      kind: 'edit',
      status: 'in_progress',
      rawInput: {},
    });
    log.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    log.update(text('Do'));
    log.update(text('ne.'));
    log.end({ kind: 'completed' });
    const id = session.id;
    assert.deepEqual(deltas, [
      { kind: 'reasoning', sessionId: id, turn: 1, step: 1, text: 'Hm.' },
      { kind: 'text', sessionId: id, turn: 1, step: 1, text: 'Writing.' },
      { kind: 'text', sessionId: id, turn: 1, step: 2, text: 'Do' },
      { kind: 'text', sessionId: id, turn: 1, step: 2, text: 'ne.' },
    ]);
    const steps = session.events.flatMap((e) =>
      e.type === 'assistant/message'
        ? [[e.data.step, e.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []))]]
        : [],
    );
    assert.deepEqual(steps, [
      [1, ['Writing.']],
      [2, ['Done.']],
    ]);
  });

  it('a call goes on the log when it runs, with its final input and title; its ACP fields are the result details', () => {
    const events = turn([
      text('Writing.'),
      { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Write', kind: 'edit', status: 'pending', rawInput: {} },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c1',
        title: 'Write a.txt',
        rawInput: { file_path: '/w/a.txt', content: 'hi' },
        content: [{ type: 'diff', path: '/w/a.txt', oldText: null, newText: 'hi' }],
        locations: [{ path: '/w/a.txt' }],
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed', rawOutput: 'File created' },
      text('Done.'),
    ]);
    assert.deepEqual(shape(events), [
      'turn/start',
      'user/message',
      'step/start',
      'assistant text:Writing. call:c1',
      'call c1',
      'result c1',
      'step/end',
      'step/start',
      'assistant text:Done.',
      'step/end',
      'turn/end',
    ]);
    const message = events.find((e) => e.type === 'assistant/message');
    assert.ok(message?.type === 'assistant/message');
    assert.deepEqual(message.data.message.content[1], {
      type: 'tool-call',
      id: 'c1',
      name: 'Write a.txt',
      arguments: '{"file_path":"/w/a.txt","content":"hi"}',
    });
    const result = events.find((e) => e.type === 'tool/result');
    assert.ok(result?.type === 'tool/result');
    assert.equal(result.data.content, 'File created');
    assert.deepEqual(result.data.details, {
      tool: 'acp',
      title: 'Write a.txt',
      kind: 'edit',
      status: 'completed',
      locations: [{ path: '/w/a.txt' }],
      diffs: [{ path: '/w/a.txt', oldText: null, newText: 'hi' }],
    });
  });

  it('calls announced together go in one step, which ends when the last has its result', () => {
    const events = turn([
      { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read a', status: 'pending' },
      { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Read b', status: 'pending' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'b',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: 'no such file' } }],
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' },
    ]);
    assert.deepEqual(shape(events), [
      'turn/start',
      'user/message',
      'step/start',
      'assistant call:a call:b',
      'call a',
      'call b',
      'result b error',
      'result a',
      'step/end',
      'turn/end',
    ]);
  });

  it('a call due while a step is open waits for the next step; its approval lands after its tool/call', () => {
    const events = turn(
      [{ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Run a', status: 'in_progress' }],
      (log) => {
        log.update({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Write b', status: 'pending' });
        log.asked({ toolCallId: 'b' });
        log.decided('b', { decision: 'approve', by: 'user' });
        log.update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' });
        log.update({ sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'completed' });
      },
    );
    assert.deepEqual(shape(events), [
      'turn/start',
      'user/message',
      'step/start',
      'assistant call:a',
      'call a',
      'result a',
      'step/end',
      'step/start',
      'assistant call:b',
      'call b',
      'approval b approve/user',
      'result b',
      'step/end',
      'turn/end',
    ]);
  });

  it('a call the agent asked permission for says so on its tool/call; a call it ran unasked does not', () => {
    const events = turn(
      [{ sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Run a', status: 'in_progress' }],
      (log) => {
        log.update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed' });
        log.update({ sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Write b', status: 'pending' });
        log.asked({ toolCallId: 'b' });
      },
    );
    const calls = events.flatMap((e) => (e.type === 'tool/call' ? [[e.data.callId, e.data.asked ?? false]] : []));
    assert.deepEqual(calls, [
      ['a', false],
      ['b', true],
    ]);
  });

  it('each plan is a todo/write at once, with its priorities; the list made fit (trimmed, no empty, no repeat)', () => {
    const events = turn([
      {
        sessionUpdate: 'plan',
        entries: [
          { content: ' Read ', priority: 'high', status: 'in_progress' },
          { content: '', priority: 'low', status: 'pending' },
          { content: 'Read', priority: 'low', status: 'pending' },
        ],
      },
      { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Read', status: 'in_progress' },
      { sessionUpdate: 'plan', entries: [{ content: 'Read', priority: 'medium', status: 'completed' }] },
    ]);
    const plans = events.flatMap((e) => (e.type === 'todo/write' ? [e.data] : []));
    assert.deepEqual(plans, [
      {
        todos: [
          { content: 'Read', status: 'in_progress' },
          { content: 'Read (2)', status: 'pending' },
        ],
        priorities: ['high', 'low'],
      },
      { todos: [{ content: 'Read', status: 'completed' }], priorities: ['medium'] },
    ]);
    // The second plan is written inside the open step, as the agent sent it.
    assert.deepEqual(shape(events).slice(2, 7), [
      'plan Read=in_progress,Read (2)=pending',
      'step/start',
      'assistant call:a',
      'call a',
      'plan Read=completed',
    ]);
  });

  it('the turn ends with what is left: a call never finished gets an error result, a call never run is logged too', () => {
    const events = turn([
      { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'Run', status: 'in_progress' },
      { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'Later', status: 'pending' },
      text('bye'),
    ]);
    assert.deepEqual(shape(events), [
      'turn/start',
      'user/message',
      'step/start',
      'assistant call:a',
      'call a',
      'result a error',
      'step/end',
      'step/start',
      'assistant call:b text:bye',
      'call b',
      'result b error',
      'step/end',
      'turn/end',
    ]);
    const result = events.find((e) => e.type === 'tool/result');
    assert.ok(result?.type === 'tool/result');
    assert.equal(result.data.content, NO_RESULT_MESSAGE);
  });

  it('the agent’s usage_update is the next assistant message’s input tokens', () => {
    const events = turn([text('a'), { sessionUpdate: 'usage_update', used: 1234, size: 200000 }]);
    const message = events.find((e) => e.type === 'assistant/message');
    assert.ok(message?.type === 'assistant/message');
    assert.deepEqual(message.data.usage, { inputTokens: 1234 });
  });

  it('updates outside a turn, and kinds we do not log, write nothing', () => {
    const session = memorySession();
    const log = new AcpTurnLog(session, model);
    log.update(text('before'));
    log.start('go');
    log.update({ sessionUpdate: 'available_commands_update', availableCommands: [] });
    log.update({ sessionUpdate: 'usage_update', used: 10, size: 100 });
    log.end({ kind: 'aborted' });
    assert.deepEqual(shape(session.events), ['turn/start', 'user/message', 'turn/end']);
  });
});

describe('an ACP call as a row', () => {
  it('a call whose agent sent diffs is our diff row; one without is the generic row', () => {
    const events = turn([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'w',
        title: 'Edit a.txt',
        kind: 'edit',
        status: 'pending',
        content: [{ type: 'diff', path: '/w/a.txt', oldText: 'old\n', newText: 'new\n' }],
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'w', status: 'completed' },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'r',
        title: 'Read a.txt',
        kind: 'read',
        status: 'completed',
        rawOutput: 'new',
      },
    ]);
    const rows = events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));
    const row = (callId: string) => {
      const result = rows.find((r) => r.callId === callId)!;
      return presentToolCall({
        name: 'x',
        arguments: '{}',
        args: {},
        result: { isError: result.isError, content: result.content, details: result.details ?? null },
        todos: null,
        child: null,
      });
    };
    assert.deepEqual(row('w').view, {
      kind: 'diff',
      path: '/w/a.txt',
      lines: [
        { kind: 'del', text: 'old' },
        { kind: 'add', text: 'new' },
      ],
      omitted: 0,
      result: 'completed',
    });
    assert.equal(row('r').view.kind, 'generic');
  });
});

describe('an ACP source as a label', () => {
  it('names the agent people know, else its title, else its name', () => {
    const label = (source: Parameters<typeof sourceLabel>[0]) => sourceLabel(source, 'cli');
    assert.deepEqual(
      label({ kind: 'acp', name: '@zed-industries/claude-agent-acp', version: '0.23.1', title: 'Claude Agent' }),
      { kind: 'acp', agent: 'Claude Code' },
    );
    assert.deepEqual(label({ kind: 'acp', name: 'some-agent', version: '1', title: 'Some Agent' }), {
      kind: 'acp',
      agent: 'Some Agent',
    });
    assert.deepEqual(label({ kind: 'acp', name: 'some-agent', version: '1' }), { kind: 'acp', agent: 'some-agent' });
  });
});
