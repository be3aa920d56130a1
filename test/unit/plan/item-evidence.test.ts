// Each plan item's evidence, folded by the plan ledger from the log: the calls made
// while it was in progress (shared between items in progress together), a command's
// exit, the items added completed; and the flags read off it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flaggedItems, itemEvidence, untoldFlags } from '../../../extension/src/core/plan/plan-flags';
import { planLedgerProjection, type PlanLedger } from '../../../extension/src/core/plan/plan-ledger';
import { fold } from '../../../extension/src/core/session/projection';
import type { Session } from '../../../extension/src/core/session/session';
import { bashExited, logStep, memorySession, todo, type LoggedCall } from '../support/sessions';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';

const plan = (todos: TodoItem[]): LoggedCall => ({ name: 'todo_write', todos });
const bash = bashExited;
const read: LoggedCall = { name: 'read_file' };
const write: LoggedCall = { name: 'write_file' };
const step = logStep;

function started(): Session {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  s.append('user/message', { turn: 1, message: { text: 'go' } });
  return s;
}

const ledger = (s: Session): PlanLedger => fold(planLedgerProjection, s.events);
const evidenceOf = (s: Session, content: string) =>
  itemEvidence(ledger(s), content, true, new Date('2026-01-01T01:00:00Z'));

describe('item evidence', () => {
  it('counts the calls made while one item was in progress, per kind, with the command exits', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress'), todo('b')])]);
    step(s, [read, write, bash(0), bash(2), bash(0)]);
    step(s, [plan([todo('a', 'completed'), todo('b', 'in_progress')])]);
    step(s, [read]);
    const a = evidenceOf(s, 'a')!;
    assert.deepEqual(a.evidence.tools, { read: 1, write: 1, command: 3, other: 0, shared: 0 });
    assert.equal(a.evidence.failedCommands, 1);
    assert.deepEqual(
      a.evidence.recent.map((c) => [c.tool, c.kind, c.exit, c.failed]),
      [
        ['read_file', 'read', null, false],
        ['write_file', 'write', null, false],
        ['bash', 'command', 0, false],
        ['bash', 'command', 2, true],
        ['bash', 'command', 0, false],
      ],
    );
    assert.equal(a.flag, null, 'its last command succeeded');
    assert.ok(a.evidence.ms > 0);
    assert.deepEqual(
      evidenceOf(s, 'b')!.evidence.tools,
      { read: 1, write: 0, command: 0, other: 0, shared: 0 },
      'calls after a went completed count for b only',
    );
  });

  it('keeps the last few calls only: its size is the plan’s, not the log’s', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress')])]);
    for (let i = 0; i < 50; i++) step(s, [bash(i % 3)]);
    const a = evidenceOf(s, 'a')!.evidence;
    assert.equal(a.tools.command, 50);
    assert.equal(a.recent.length, 5);
    assert.deepEqual(
      a.recent.map((c) => c.exit),
      [0, 1, 2, 0, 1],
    );
  });

  it('counts a call for every item in progress together, marked shared', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c')])]);
    step(s, [write, read]);
    step(s, [plan([todo('a', 'in_progress'), todo('b', 'completed'), todo('c')])]);
    step(s, [bash(0)]);
    const a = evidenceOf(s, 'a')!.evidence;
    const b = evidenceOf(s, 'b')!.evidence;
    assert.deepEqual(a.tools, { read: 1, write: 1, command: 1, other: 0, shared: 2 });
    assert.deepEqual(b.tools, { read: 1, write: 1, command: 0, other: 0, shared: 2 });
    assert.deepEqual(
      b.recent.map((c) => c.shared),
      [true, true],
    );
    assert.equal(a.recent[2]!.shared, false, 'a alone in progress: not shared');
    assert.deepEqual(evidenceOf(s, 'c')!.evidence.tools, { read: 0, write: 0, command: 0, other: 0, shared: 0 });
  });

  it('flags an item the model added already completed, and one completed with no call while in progress', () => {
    const s = started();
    step(s, [plan([todo('done before', 'completed'), todo('a', 'in_progress'), todo('b')])]);
    step(s, [plan([todo('done before', 'completed'), todo('a', 'completed'), todo('b', 'in_progress')])]);
    step(s, [read]);
    step(s, [plan([todo('done before', 'completed'), todo('a', 'completed'), todo('b', 'completed')])]);
    assert.deepEqual(flaggedItems(ledger(s), true), [
      { content: 'done before', flag: { reason: 'no-work' } },
      { content: 'a', flag: { reason: 'no-work' } },
    ]);
    assert.deepEqual(flaggedItems(ledger(s), false), [], 'a log that records no tool calls flags nothing');
  });

  it('flags an item completed while the last command run for it failed, and clears it when a later command passes', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress')])]);
    step(s, [bash(0), bash(1), read]);
    step(s, [plan([todo('a', 'completed')])]);
    assert.deepEqual(flaggedItems(ledger(s), true), [
      { content: 'a', flag: { reason: 'last-command-failed', exit: 1 } },
    ]);

    const t = started();
    step(t, [plan([todo('a', 'in_progress')])]);
    step(t, [bash(1), bash(0)]);
    step(t, [plan([todo('a', 'completed')])]);
    assert.deepEqual(flaggedItems(ledger(t), true), []);
  });

  it('a command that ended with no exit code (timed out, refused) failed without one', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress'), todo('b')])]);
    step(s, [{ name: 'bash', details: { tool: 'bash', exit: { kind: 'timed-out', timeoutMs: 1000 } }, isError: true }]);
    step(s, [plan([todo('a', 'completed'), todo('b', 'in_progress')])]);
    step(s, [{ name: 'bash', isError: true }]);
    step(s, [plan([todo('a', 'completed'), todo('b', 'completed')])]);
    assert.deepEqual(flaggedItems(ledger(s), true), [
      { content: 'a', flag: { reason: 'last-command-failed', exit: null } },
      { content: 'b', flag: { reason: 'last-command-failed', exit: null } },
    ]);
  });

  it('reads an ACP agent’s calls by their kind and status', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress')])]);
    step(s, [
      { name: 'Read notes.txt', details: { tool: 'acp', title: 'Read notes.txt', kind: 'read', status: 'completed' } },
      {
        name: 'npm test',
        details: { tool: 'acp', title: 'npm test', kind: 'execute', status: 'failed' },
        isError: true,
      },
    ]);
    step(s, [plan([todo('a', 'completed')])]);
    assert.deepEqual(evidenceOf(s, 'a')!.evidence.tools, { read: 1, write: 0, command: 1, other: 0, shared: 0 });
    assert.deepEqual(evidenceOf(s, 'a')!.flag, { reason: 'last-command-failed', exit: null });
  });

  it('does not second-guess the user: an item the user marked completed is not flagged', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress')])]);
    s.append('todo/user-edit', { todos: [todo('a', 'completed')] });
    assert.deepEqual(flaggedItems(ledger(s), true), []);
  });

  it('keeps a reworded item’s evidence, and forgets it when a turn/start clears the plan', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress')])]);
    step(s, [read]);
    s.append('todo/user-edit', { todos: [todo('a2', 'in_progress')] });
    assert.equal(evidenceOf(s, 'a2')!.evidence.tools.read, 1);
    step(s, [plan([todo('a2', 'completed')])]);
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    s.append('turn/start', { turn: 2 });
    assert.equal(ledger(s).plan, null);
    step(s, [plan([todo('a2', 'completed')])]);
    assert.deepEqual(
      flaggedItems(ledger(s), true),
      [{ content: 'a2', flag: { reason: 'no-work' } }],
      'listed again completed in a new plan: nothing recorded for it there',
    );
  });

  it('marks flags told by plan/verify-completion; a reopened and again completed item is told again', () => {
    const s = started();
    step(s, [plan([todo('a', 'in_progress'), todo('b')])]);
    step(s, [plan([todo('a', 'completed'), todo('b', 'in_progress')])]);
    assert.deepEqual(untoldFlags(ledger(s)), [{ content: 'a', flag: { reason: 'no-work' } }]);
    s.append('plan/verify-completion', { turn: 1, items: [{ content: 'a', flag: { reason: 'no-work' } }] });
    assert.deepEqual(untoldFlags(ledger(s)), []);
    assert.equal(flaggedItems(ledger(s), true).length, 1, 'told, still flagged');
    step(s, [plan([todo('a', 'in_progress'), todo('b', 'in_progress')])]);
    step(s, [plan([todo('a', 'completed'), todo('b', 'in_progress')])]);
    assert.deepEqual(untoldFlags(ledger(s)), [{ content: 'a', flag: { reason: 'no-work' } }]);
  });
});
