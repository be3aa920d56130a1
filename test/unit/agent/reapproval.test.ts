// Plan first's re-approval through the real loop with the scripted model (the only
// mock, at the model edge): after an approval, a write that grows the plan's scope
// pauses the turn; the calls after it in the same response are not run.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { PlanDecision, PlanProposal, PlanReviewGate } from '../../../extension/src/core/agent/plan-first';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import { NOT_RUN_PLAN_CHANGED } from '../../../extension/src/core/agent/reapproval';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';

const PLAN = [todo('read the code'), todo('write notes.txt')];
const GROWN = [todo('read the code', 'completed'), todo('write notes.txt'), todo('write a README')];
const writeNotes = { name: 'write_file', arguments: { path: 'notes.txt', content: 'x\n' } };
const SCRIPT: ScriptedResponse[] = [
  write(PLAN),
  { text: 'Plan: read, then write notes.' },
  // Approved: the model marks progress (no growth), then grows the plan and writes in the same response.
  write([todo('read the code', 'completed'), todo('write notes.txt')]),
  { toolCalls: [{ name: 'todo_write', arguments: { todos: GROWN } }, writeNotes] },
  { toolCalls: [writeNotes] },
  { text: 'Done.' },
];

function gate(...answers: PlanDecision['kind'][]): PlanReviewGate & { asked: PlanProposal[] } {
  const asked: PlanProposal[] = [];
  return {
    asked,
    decide: (proposal) => {
      asked.push(proposal);
      const kind = answers.shift();
      assert.ok(kind, 'asked more often than expected');
      return Promise.resolve(kind === 'reject' ? { kind, feedback: 'no README' } : { kind });
    },
  };
}

async function run(decide: PlanReviewGate, reapproveOnScopeChange?: boolean) {
  const opened = new SessionStore(tempDir()).create();
  const ws = tempDir();
  const set = buildToolRegistry({
    tools: ['read_file', 'todo_write', 'write_file'],
    cwd: ws,
    trusted: true,
    allowParallelInProgress: false,
    approvals: new Approvals({ gate: null, autoApprove: true }),
  });
  try {
    const end = await runTurn(opened.session, 'add notes', {
      provider: new ScriptedProvider({ responses: SCRIPT }),
      tools: set.registry,
      maxSteps: 20,
      planFirst: decide,
      verifyCompletion: false,
      ...(reapproveOnScopeChange === undefined ? {} : { reapproveOnScopeChange }),
    });
    return { end, ws, events: loadLogFile(opened.path).events };
  } finally {
    set.owned.dispose();
    opened.dispose();
  }
}

const planTypes = (events: readonly SessionEvent[]) =>
  events.filter((e) => e.type.startsWith('plan/')).map((e) => e.type);

describe('re-approval when the approved plan grows', () => {
  it('pauses after the growing write, answers the rest of the response, and Approve goes on', async () => {
    const decide = gate('approve', 'approve');
    const { end, ws, events } = await run(decide);
    assert.deepEqual(end, { kind: 'completed' });
    assert.deepEqual(planTypes(events), [
      'plan/proposed',
      'plan/approved',
      'plan/scope-changed',
      'plan/proposed',
      'plan/approved',
    ]);
    const changed = events.find((e) => e.type === 'plan/scope-changed');
    assert.ok(changed?.type === 'plan/scope-changed');
    assert.deepEqual([changed.data.added, changed.data.reworded], [1, 0]);
    assert.equal(decide.asked[0]!.growth, undefined, 'the first proposal is no re-approval');
    assert.deepEqual(decide.asked[1]!.todos, GROWN);
    assert.equal(decide.asked[1]!.growth?.added, 1);
    assert.deepEqual(
      decide.asked[1]!.growth?.changes.filter((c) => c.kind !== 'status').map((c) => [c.kind, c.text]),
      [['added', 'write a README']],
    );
    const notRun = events.filter((e) => e.type === 'tool/result' && e.data.content === NOT_RUN_PLAN_CHANGED);
    assert.equal(notRun.length, 1, 'the write_file after the growing write was answered, not run');
    assert.equal(fs.readFileSync(path.join(ws, 'notes.txt'), 'utf8'), 'x\n', 'after Approve the next call ran');
  });

  it('ends awaiting-approval when no one decides now; Reject replans', async () => {
    const later = await run(gate('approve', 'later'));
    assert.deepEqual(later.end, { kind: 'awaiting-approval' });
    assert.deepEqual(planTypes(later.events).slice(-2), ['plan/scope-changed', 'plan/proposed']);
    assert.equal(fs.existsSync(path.join(later.ws, 'notes.txt')), false);
    const rejected = await run(gate('approve', 'reject', 'approve'));
    assert.deepEqual(planTypes(rejected.events).slice(2, 5), ['plan/scope-changed', 'plan/proposed', 'plan/rejected']);
  });

  it('agentChecklist.reapproveOnScopeChange off: the write goes on unasked', async () => {
    const { end, events } = await run(gate('approve'), false);
    assert.deepEqual(end, { kind: 'completed' });
    assert.deepEqual(planTypes(events), ['plan/proposed', 'plan/approved']);
  });
});
