// Transcript items from session events: a subagent's start and end land on the tool
// row of the call that started it (linked by callId), outcome null while it runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { transcriptFromEvents, TranscriptFolder } from '../../../extension/src/core/presenters/transcript-folder';
import { parseHostMessage } from '../support/host-message-schema';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';

function subagentSession(): Session {
  const session = new Session(makeHeader({ id: 'parent' }));
  session.append('turn/start', { turn: 1 });
  session.append('user/message', { turn: 1, message: { text: 'look around' } });
  session.append('step/start', { turn: 1, step: 1 });
  const args = JSON.stringify({ description: 'Survey the repo', prompt: 'List the files' });
  session.append('assistant/message', {
    turn: 1,
    step: 1,
    message: { content: [{ type: 'tool-call', id: 'c1', name: 'subagent', arguments: args }] },
    model: { provider: 'p', model: 'm' },
  });
  session.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'subagent', arguments: args });
  session.append('subagent/start', { callId: 'c1', childSessionId: 'child-1', description: 'Survey the repo' });
  session.append('subagent/end', { callId: 'c1', childSessionId: 'child-1', outcome: 'completed' });
  session.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'Found 3 files.' });
  session.append('step/end', { turn: 1, step: 1 });
  session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
  return session;
}

const tool = (items: TranscriptItem[]) =>
  items.find((i): i is Extract<TranscriptItem, { kind: 'tool' }> => i.kind === 'tool');

const childOf = (item: Extract<TranscriptItem, { kind: 'tool' }> | undefined) =>
  item?.view.kind === 'subagent' ? item.view.child : null;

describe('transcript items for subagents', () => {
  it('links subagent/start and subagent/end to the call that started the child', () => {
    const items = transcriptFromEvents(subagentSession().events);
    assert.equal(items.filter((i) => i.kind === 'tool').length, 1, 'one row for the call');
    assert.deepEqual(tool(items)?.view, {
      kind: 'subagent',
      description: 'Survey the repo',
      child: { sessionId: 'child-1', description: 'Survey the repo', outcome: 'completed' },
      result: 'Found 3 files.',
    });
    assert.equal(tool(items)?.status, 'ok');
    assert.equal(
      parseHostMessage({ type: 'items', seq: 1, items: JSON.parse(JSON.stringify(items)) }).ok,
      true,
      'the items pass the protocol schema',
    );
  });

  it('shows the child running (outcome null) between start and end, live', () => {
    const folder = new TranscriptFolder();
    const updates = subagentSession().events.map((e) => folder.apply(e));
    const afterStart = updates[5]; // subagent/start
    assert.deepEqual(childOf(tool(afterStart ?? [])), {
      sessionId: 'child-1',
      description: 'Survey the repo',
      outcome: null,
    });
    assert.equal(tool(afterStart ?? [])?.name, 'subagent', 'the same row, not a new one');
  });

  it('still marks the row when the page starts after the call was announced', () => {
    const events = subagentSession().events;
    const page = events.slice(2); // from step/start: the assistant message is on it, tool/call too
    assert.equal(childOf(tool(transcriptFromEvents(page)))?.sessionId, 'child-1');
    const late = events.slice(5); // from subagent/start: the step is unknown
    const items = transcriptFromEvents(late);
    assert.equal(childOf(tool(items)), null, 'without the step the child cannot be placed; the result row still shows');
  });
});
