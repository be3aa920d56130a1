// The Agent view's plan requests as the host validates them (parseWebviewMessage):
// every PlanEdit kind the strip sends is accepted; anything outside its shape is
// refused before it reaches the controller's planEditing.edit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlanEdit } from '../../../extension/src/core/plan/user-edit';
import { parseWebviewMessage } from '../../../extension/src/core/protocol/messages';

describe('editPlan and planHistory messages', () => {
  it('accepts every kind of plan edit', () => {
    const edits: PlanEdit[] = [
      { kind: 'status', content: 'Guard the parser', status: 'completed' },
      { kind: 'text', content: 'Guard the parser', text: 'Guard the lexer' },
      { kind: 'add', text: 'Update the changelog' },
      { kind: 'add', text: 'Restore me', status: 'in_progress', index: 2 },
      { kind: 'remove', content: 'Guard the parser' },
      { kind: 'move', content: 'Guard the parser', by: -1 },
      { kind: 'move', content: 'Guard the parser', by: 1 },
    ];
    for (const edit of edits) {
      const parsed = parseWebviewMessage({ type: 'editPlan', edit });
      assert.deepEqual(parsed, { ok: true, message: { type: 'editPlan', edit } }, JSON.stringify(edit));
    }
    assert.equal(parseWebviewMessage({ type: 'planHistory', open: true }).ok, true);
    assert.equal(parseWebviewMessage({ type: 'planHistory', open: false }).ok, true);
  });

  it('refuses edits outside that shape', () => {
    const bad: unknown[] = [
      { kind: 'status', content: 'a', status: 'done' },
      { kind: 'status', content: '', status: 'completed' },
      { kind: 'move', content: 'a', by: 2 },
      { kind: 'add', text: 'a', index: -1 },
      { kind: 'add', text: 'a', index: 1.5 },
      { kind: 'remove', content: 'a', extra: true },
      { kind: 'rename', content: 'a' },
      { kind: 'text', content: 'a', text: 'x'.repeat(100_001) },
    ];
    for (const edit of bad)
      assert.equal(parseWebviewMessage({ type: 'editPlan', edit }).ok, false, JSON.stringify(edit).slice(0, 80));
    assert.equal(parseWebviewMessage({ type: 'planHistory' }).ok, false);
  });
});
