// Export Plan's items' checks (core/presenters/plan-export-checks.ts) from a real Session:
// each item with a check shows its command and "verified" or "check failed: exit N".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportPlan, exportPlanMarkdown } from '../../../extension/src/core/presenters/plan-export';
import { inStep, memorySession, todo } from '../support/sessions';

describe('Export Plan: items checks', () => {
  it('shows each check with verified or check failed: exit N, and the verified count', async () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    inStep(s, () => s.append('todo/write', { todos: [todo('a'), todo('b'), todo('c')] }));
    s.append('plan/check-set', { item: 'a', command: 'npm test' });
    s.append('plan/check-set', { item: 'b', command: 'make | tee log' });
    inStep(s, () => {
      s.append('todo/write', { todos: [todo('a', 'completed'), todo('b', 'completed'), todo('c')] });
      s.append('check/result', { item: 'a', command: 'npm test', exitCode: 0, durationMs: 1, output: '' });
      s.append('check/result', { item: 'b', command: 'make | tee log', exitCode: 3, durationMs: 1, output: 'x' });
    });
    const doc = await exportPlan(s.header, s.events);
    assert.equal(doc.checks.verified, 1);
    const md = exportPlanMarkdown(doc);
    assert.match(md, /## Checks\n\n1 verified\n\n\| Item \| Check \| State \|/);
    assert.match(md, /\| a \| `npm test` \| verified \|/);
    assert.match(md, /\| b \| `make \\\| tee log` \| check failed: exit 3 \|/);
    assert.doesNotMatch(md, /\| c \|.*\| (verified|not run) \|/, 'c has no check');
  });
});
