// The host <-> webview protocol (extension/src/core/protocol) and the webview's pure
// reducer (webview/src/state/reducer.ts): validation both ways, transcript items
// from session events, and a fold that drops stale seq and converges whatever the
// delivery order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkHostMessage } from '../../../extension/src/core/protocol/host-message-check';
import { hostMessageFields } from '../../../extension/src/core/protocol/host-messages';
import {
  HostSequencer,
  parseWebviewMessage,
  type HostMessage,
  type HostMessageHandlers,
} from '../../../extension/src/core/protocol/messages';
import { parseHostMessage } from '../support/host-message-schema';
import { countsHeader } from '../../../extension/src/core/plan/summaries';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { transcriptFromEvents } from '../../../extension/src/core/presenters/transcript-folder';
import { Session } from '../../../extension/src/core/session/session';
import { makeHeader } from '../../../extension/src/core/session/header';
import { initialState, messageHandlers, reduce, type State, type ViewState } from '../../../webview/src/state/reducer';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';

const MAX_PENDING = 500;

const PLAN = planView([
  { content: 'Read', status: 'completed' },
  { content: 'Write', status: 'in_progress' },
  { content: 'Test', status: 'pending' },
]);

function messages(): HostMessage[] {
  const seq = new HostSequencer();
  return [
    seq.stamp({
      type: 'snapshot',
      session: { id: 's1', title: 't', readOnly: false },
      items: [],
      cursor: null,
      plan: null,
      run: { state: 'idle' },
      provider: { id: 'demo', model: 'demo script', isDemo: true, problem: null },
      stream: null,
      strings: { ...WEBVIEW_STRINGS },
    }),
    seq.stamp({ type: 'run', run: { state: 'running', turn: 1, stopping: false } }),
    seq.stamp({ type: 'items', items: [{ kind: 'user', id: 'e2', order: 2048, turn: 1, text: 'hi' }] }),
    seq.stamp({ type: 'stream', stream: { turn: 1, step: 1, text: 'Plan', reasoning: '', retry: null } }),
    seq.stamp({
      type: 'items',
      items: [
        {
          kind: 'assistant',
          id: 'e4',
          order: 4096,
          turn: 1,
          step: 1,
          text: 'Planning.',
          reasoning: '',
          markdown: { kind: 'parsed', blocks: [{ t: 'p', c: [{ t: 'text', v: 'Planning.' }] }] },
        },
      ],
    }),
    seq.stamp({ type: 'plan', plan: PLAN }),
    seq.stamp({ type: 'run', run: { state: 'idle' } }),
  ];
}

const fold = (list: HostMessage[], from: State = initialState): State => list.reduce(reduce, from);

describe('webview protocol', () => {
  it('the protocol schema (host-side) accepts what the host sends and refuses anything else', () => {
    for (const m of messages()) assert.equal(parseHostMessage(JSON.parse(JSON.stringify(m))).ok, true, m.type);
    assert.equal(parseHostMessage({ type: 'plan', seq: 0, plan: null }).ok, false, 'seq starts at 1');
    assert.equal(parseHostMessage({ type: 'plan', seq: 3, plan: null, extra: 1 }).ok, false, 'closed objects');
    assert.equal(parseHostMessage({ type: 'html', seq: 3, html: '<img onerror=alert(1)>' }).ok, false, 'unknown types');
    const { send: _send, ...missingOne } = WEBVIEW_STRINGS;
    const snapshot = messages()[0];
    assert.equal(
      parseHostMessage({ ...snapshot, strings: missingOne }).ok,
      false,
      'a snapshot carries every string (the page has no table of its own)',
    );
    const approval = {
      id: 'a1',
      tool: 'write_file',
      summary: 'Create .envrc',
      detail: 'x',
      callId: 'c1',
      sessionId: null,
    };
    assert.equal(
      parseHostMessage({
        type: 'approvals',
        seq: 3,
        approvals: [{ ...approval, protectedReason: '.envrc is protected' }],
      }).ok,
      true,
      "a protected file's reason",
    );
    assert.equal(
      parseHostMessage({ type: 'approvals', seq: 3, approvals: [{ ...approval, protectedReason: 1 }] }).ok,
      false,
      'the reason is text',
    );
    assert.equal(parseWebviewMessage({ type: 'send', text: 'go' }).ok, true);
    assert.equal(parseWebviewMessage({ type: 'send', text: '' }).ok, false, 'an empty prompt');
    assert.equal(parseWebviewMessage({ type: 'loadOlder', cursor: -1 }).ok, false);
    assert.equal(parseWebviewMessage('ready').ok, false);
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { ok: true, message: { type: 'ready' } });
    assert.equal(parseWebviewMessage({ type: 'stop', extra: 1 }).ok, false, 'closed objects, both ways');
    assert.equal(parseWebviewMessage({ type: 'toString' }).ok, false, 'not an inherited name');
    assert.equal(parseWebviewMessage({ text: 'go' }).ok, false, 'a type');
  });

  it("derives the webview reducer's handler table from the host map: one handler per type, no other", () => {
    assert.deepEqual(Object.keys(messageHandlers).sort(), Object.keys(hostMessageFields).sort());
    const { planVersion: _left, ...withoutOne } = messageHandlers;
    // @ts-expect-error a table without a handler for every host message type does not compile
    const incomplete: HostMessageHandlers<ViewState> = withoutOne;
    assert.equal(Object.hasOwn(incomplete, 'planVersion'), false);
  });

  it('the webview takes what the host sends by type and seq, and drops messages without a known type or a seq >= 1', () => {
    for (const m of messages())
      assert.deepEqual(
        checkHostMessage(JSON.parse(JSON.stringify(m)), messageHandlers),
        { ok: true, message: m },
        m.type,
      );
    assert.equal(checkHostMessage({ type: 'plan', seq: 0, plan: null }, messageHandlers).ok, false, 'seq starts at 1');
    assert.equal(checkHostMessage({ type: 'plan', seq: 2.5, plan: null }, messageHandlers).ok, false, 'an integer seq');
    assert.equal(checkHostMessage({ type: 'plan', seq: '3', plan: null }, messageHandlers).ok, false, 'a numeric seq');
    assert.equal(checkHostMessage({ type: 'plan', plan: null }, messageHandlers).ok, false, 'a seq');
    assert.equal(
      checkHostMessage({ type: 'html', seq: 3, html: '<img onerror=alert(1)>' }, messageHandlers).ok,
      false,
      'unknown types',
    );
    assert.equal(checkHostMessage({ type: 'toString', seq: 3 }, messageHandlers).ok, false, 'not an inherited name');
    assert.equal(checkHostMessage(null, messageHandlers).ok, false);
    assert.equal(checkHostMessage('snapshot', messageHandlers).ok, false);
  });

  it('stamps host messages with a strictly increasing seq', () => {
    assert.deepEqual(
      messages().map((m) => m.seq),
      [1, 2, 3, 4, 5, 6, 7],
    );
  });

  it('posts the plan with its counts, so no surface recounts', () => {
    assert.deepEqual(PLAN?.progress, {
      counts: { pending: 1, inProgress: 1, completed: 1 },
      done: 1,
      total: 3,
      firstActive: 'Write',
      moreActive: 0,
    });
    assert.equal(
      countsHeader(PLAN!.progress.counts, {
        completed: '{0} completed',
        inProgress: '{0} in progress',
        pending: '{0} pending',
      }),
      '1 completed · 1 in progress · 1 pending',
    );
  });
});

describe('transcript items from session events', () => {
  it('shows a tool call once, updated from announced to running to its result', () => {
    const session = new Session(makeHeader({ id: 'x' }));
    session.append('turn/start', { turn: 1 });
    session.append('user/message', { turn: 1, message: { text: 'go' } });
    session.append('step/start', { turn: 1, step: 1 });
    session.append('assistant/message', {
      turn: 1,
      step: 1,
      message: {
        content: [
          { type: 'text', text: 'On it.' },
          { type: 'tool-call', id: 'c1', name: 'todo_write', arguments: '{}' },
        ],
      },
      model: { provider: 'p', model: 'm' },
    });
    session.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
    session.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: true, content: 'Error: no' });
    session.append('step/end', { turn: 1, step: 1 });
    session.append('turn/end', { turn: 1, reason: { kind: 'aborted' } });
    const items = transcriptFromEvents(session.events);
    assert.deepEqual(
      items.map((i) => i.kind),
      ['user', 'assistant', 'tool', 'turn-end'],
    );
    const tool = items[2];
    assert.ok(tool?.kind === 'tool');
    assert.equal(tool.name, 'todo_write');
    assert.equal(tool.status, 'error');
    assert.deepEqual(
      tool.view,
      { kind: 'todo', plan: null, error: 'Error: no' },
      'a rejected todo_write shows its error, no list',
    );
    assert.ok(items[1] && tool.order > items[1].order, 'the call sorts after its message text');
  });

  it('a call names who let it run: the tool/approval between its call and its result', () => {
    const session = new Session(makeHeader({ id: 'x' }));
    session.append('turn/start', { turn: 1 });
    session.append('user/message', { turn: 1, message: { text: 'go' } });
    session.append('step/start', { turn: 1, step: 1 });
    session.append('assistant/message', {
      turn: 1,
      step: 1,
      message: {
        content: [
          { type: 'tool-call', id: 'c1', name: 'bash', arguments: '{"command":"ls"}' },
          { type: 'tool-call', id: 'c2', name: 'bash', arguments: '{"command":"rm x"}' },
        ],
      },
      model: { provider: 'p', model: 'm' },
    });
    session.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'bash' });
    session.append('tool/approval', { turn: 1, step: 1, callId: 'c1', tool: 'bash', decision: 'approve', by: 'auto' });
    session.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'a' });
    session.append('tool/call', { turn: 1, step: 1, callId: 'c2', name: 'bash' });
    session.append('tool/approval', { turn: 1, step: 1, callId: 'c2', tool: 'bash', decision: 'deny', by: 'user' });
    session.append('tool/result', { turn: 1, step: 1, callId: 'c2', isError: true, content: 'denied' });
    session.append('step/end', { turn: 1, step: 1 });
    session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    const tools = transcriptFromEvents(session.events).flatMap((i) => (i.kind === 'tool' ? [i.approval] : []));
    assert.deepEqual(tools, ['approvedAuto', 'deniedByYou']);
  });
});

describe('webview reducer', () => {
  it('ends in the same state whatever order the messages arrive in', () => {
    const list = messages();
    const inOrder = fold(list);
    assert.equal(inOrder.view.plan?.progress.total, 3);
    assert.equal(inOrder.view.stream, null, 'the committed step replaced the stream');
    const orders = [[...list].reverse(), [list[3], list[0], list[6], list[1], list[5], list[2], list[4]]];
    for (const order of orders) {
      const state = fold(order.filter((m): m is HostMessage => m !== undefined));
      assert.deepEqual(state.view, inOrder.view);
      assert.equal(state.seq, 7);
      assert.deepEqual(state.pending, []);
    }
  });

  it('drops stale and repeated messages', () => {
    const list = messages();
    const state = fold(list);
    const stale = reduce(state, { type: 'plan', seq: 6, plan: null });
    assert.equal(stale, state, 'at or below the applied seq: ignored');
    const twice = fold([...list, ...list]);
    assert.deepEqual(twice.view, state.view);
  });

  it('a newer snapshot supersedes everything before it; an older one is ignored', () => {
    const state = fold(messages());
    const fresh = reduce(state, {
      type: 'snapshot',
      seq: 8,
      session: null,
      items: [],
      cursor: null,
      plan: null,
      run: { state: 'idle' },
      provider: { id: 'demo', model: 'demo script', isDemo: true, problem: null },
      stream: null,
      strings: { ...WEBVIEW_STRINGS },
    });
    assert.equal(fresh.view.plan, null, 'a snapshot with no plan means no plan');
    assert.equal(fresh.view.items.length, 0);
    const old = reduce(fresh, messages()[0] as HostMessage);
    assert.equal(old, fresh);
  });

  it('keeps the plan when an older page of the transcript is prepended', () => {
    const state = fold(messages());
    const paged = reduce(state, {
      type: 'page',
      seq: 8,
      items: [{ kind: 'user', id: 'e1', order: 1024, turn: 1, text: 'older' }],
      cursor: null,
    });
    assert.deepEqual(paged.view.plan, state.view.plan);
    assert.deepEqual(
      paged.view.items.map((i) => i.id),
      ['e1', 'e2', 'e4'],
    );
  });

  it('asks for a resync when too many messages wait for a missing one', () => {
    let state = fold(messages().slice(0, 1));
    for (let seq = 3; seq <= MAX_PENDING + 3; seq++)
      state = reduce(state, { type: 'run', seq, run: { state: 'idle' } });
    assert.equal(state.needsResync, true);
    state = reduce(state, { type: 'run', seq: 2, run: { state: 'idle' } });
    assert.equal(state.needsResync, false, 'the gap filled and everything applied');
    assert.equal(state.seq, MAX_PENDING + 3);
  });
});
