// The note a resumed ACP session opens with: the user's prompts, the agent's last
// answer and its latest plan (even after later turns without a plan write, which
// clear the standing plan of ours), bounded whatever the log; nothing before a turn.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acpResume } from '../../../extension/src/core/acp-client/acp-resume-note';
import { acpAgentTitle } from '../../../extension/src/core/acp-client/agent-catalog';
import type { SessionEvent } from '../../../extension/src/core/session/events';

let seq = 0;
const ev = (type: string, data: unknown): SessionEvent =>
  ({ seq: ++seq, ts: '2026-12-03T00:00:00.000Z', type, data }) as SessionEvent;
const prompt = (turn: number, text: string) => [
  ev('turn/start', { turn }),
  ev('user/message', { turn, message: { text } }),
];
const answer = (turn: number, text: string) =>
  ev('assistant/message', {
    turn,
    step: 1,
    message: { content: [{ type: 'text', text }] },
    model: { provider: 'acp', model: 'x' },
  });

describe("acpResume's note", () => {
  const noteOf = (events: readonly SessionEvent[]) => acpResume(events)?.note ?? null;

  it('is null before any prompt', () => {
    assert.equal(acpResume([]), null);
  });

  it('lists the prompts, the last answer and the latest plan, which a later turn does not clear', () => {
    const events = [
      ...prompt(1, 'Write a note.'),
      ev('todo/write', {
        todos: [
          { content: 'Write it', status: 'completed' },
          { content: 'Check it', status: 'in_progress' },
        ],
      }),
      answer(1, 'Done.'),
      ...prompt(2, 'And another.'),
      answer(2, 'Not written.'),
    ];
    const note = noteOf(events)!;
    assert.match(note, /1\. Write a note\.\n2\. And another\./);
    assert.match(note, /Your last answer:\nNot written\./);
    assert.match(note, /- \[completed\] Write it\n- \[in_progress\] Check it$/);
  });

  it("re-states the user's edit when it is the latest list", () => {
    const events = [
      ...prompt(1, 'Plan.'),
      ev('todo/write', { todos: [{ content: 'A', status: 'pending' }] }),
      ev('todo/user-edit', { todos: [{ content: 'B', status: 'pending' }] }),
    ];
    assert.match(noteOf(events)!, /- \[pending\] B$/);
    assert.match(noteOf(prompt(1, 'Hi.'))!, /You had no plan\.$/);
  });

  it('keeps the last 20 prompts and clips long texts', () => {
    const events = Array.from({ length: 30 }, (_, i) =>
      prompt(i + 1, i === 29 ? 'x'.repeat(5_000) : `prompt ${i + 1}`),
    ).flat();
    const note = noteOf(events)!;
    assert.match(note, /the last 20 of 30/);
    assert.ok(!note.includes('prompt 10\n') && note.includes('prompt 11'));
    assert.ok(note.length < 5_000, String(note.length));
  });
});

describe('acpResume', () => {
  it("names the agent's last session, which is loaded when the agent can, with the note for when it cannot", () => {
    const events = [
      ev('acp/session', { sessionId: 'first' }),
      ...prompt(1, 'Do it.'),
      ev('turn/end', { turn: 1, reason: { kind: 'completed' } }),
      ev('acp/session', { sessionId: 'second' }),
      ...prompt(2, 'Again.'),
    ];
    const resume = acpResume(events);
    assert.equal(resume?.acpSessionId, 'second');
    assert.match(resume?.note ?? '', /1\. Do it\.\n2\. Again\./);
  });

  it('has no session to load in a log written before sessions were recorded, and nothing before a turn', () => {
    assert.equal(acpResume(prompt(1, 'Old.'))?.acpSessionId, null);
    assert.equal(acpResume([ev('acp/session', { sessionId: 'x' })]), null);
  });
});

describe('acpAgentTitle', () => {
  it("is the user's title, else the built-in one, else the id of a user's entry; undefined for an unknown id", () => {
    assert.equal(acpAgentTitle('claude-code', {}), 'Claude Code');
    assert.equal(acpAgentTitle('claude-code', { 'claude-code': { command: 'x', title: 'Mine' } }), 'Mine');
    assert.equal(acpAgentTitle('mine', { mine: { command: 'x' } }), 'mine');
    assert.equal(acpAgentTitle('nobody', {}), undefined);
  });
});
