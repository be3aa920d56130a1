// Plan first through the real loop with the scripted model (the only mock, at the
// model edge): what planning requests offer, and how approval, rejection, the user's
// edits, Stop and "decide later" continue the turn.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn, type TurnOptions } from '../../../extension/src/core/agent/loop';
import {
  PendingPlanReview,
  PLANNING_NOTE,
  type PlanDecision,
  type PlanProposal,
  type PlanReviewGate,
} from '../../../extension/src/core/agent/plan-first';
import type { ModelRequest } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { PlanEditor } from '../../../extension/src/core/plan/plan-editor';
import { PLAN_APPROVED_NOTE, planRejectedNote } from '../../../extension/src/core/plan/plan-review';
import { fold } from '../../../extension/src/core/session/projection';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { userEditNote } from '../../../extension/src/core/plan/user-edit';
import type { Message } from '../../../extension/src/core/agent/derive-messages';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore, type WritableSession } from '../../../extension/src/core/store/session-store';
import { write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';
import { readStandingPlan } from '../support/plan-folds';

const ALL_TOOLS = ['read_file', 'list_files', 'grep', 'todo_write', 'write_file', 'edit_file', 'bash'];
const PLAN = [todo('read the code'), todo('write notes.txt')];

interface Rig {
  opened: WritableSession;
  ws: string;
  requests: ModelRequest[];
  turn(
    prompt: string | null,
    responses: ScriptedResponse[],
    gate?: PlanReviewGate,
    extra?: Partial<TurnOptions>,
  ): ReturnType<typeof runTurn>;
}

async function withRig(fn: (rig: Rig) => Promise<void>): Promise<void> {
  const store = new SessionStore(tempDir());
  const opened = store.create();
  const ws = tempDir();
  fs.writeFileSync(path.join(ws, 'code.ts'), 'export const x = 1;\n');
  const set = buildToolRegistry({
    tools: ALL_TOOLS,
    cwd: ws,
    trusted: true,
    allowParallelInProgress: false,
    approvals: new Approvals({ gate: null, autoApprove: true }),
  });
  const requests: ModelRequest[] = [];
  const turn: Rig['turn'] = (prompt, responses, gate, extra = {}) => {
    const inner = new ScriptedProvider({ responses });
    const provider = {
      id: inner.id,
      model: inner.model,
      stream: (req: ModelRequest, signal: AbortSignal) => (
        requests.push(structuredClone(req)),
        inner.stream(req, signal)
      ),
    };
    return runTurn(opened.session, prompt, {
      provider,
      tools: set.registry,
      maxSteps: 20,
      ...(gate ? { planFirst: gate } : {}),
      ...extra,
    });
  };
  try {
    await fn({ opened, ws, requests, turn });
  } finally {
    set.owned.dispose();
    opened.dispose();
    loadLogFile(opened.path); // every log these tests leave must load (the invariants hold)
  }
}

/** A gate that answers from a list, recording what it was asked. */
function answering(
  ...answers: ((proposal: PlanProposal) => PlanDecision | Promise<PlanDecision>)[]
): PlanReviewGate & { asked: PlanProposal[] } {
  const asked: PlanProposal[] = [];
  return {
    asked,
    decide: async (proposal) => {
      asked.push(proposal);
      const next = answers.shift();
      assert.ok(next, 'the gate was asked more often than the test expects');
      return next(proposal);
    },
  };
}

const toolNames = (req: ModelRequest) => req.tools.map((t) => t.name).sort();
const userTexts = (messages: readonly Message[]) => messages.flatMap((m) => (m.role === 'user' ? [m.text] : []));
const countOf = (texts: readonly string[], text: string) => texts.filter((t) => t === text).length;
const typesOf = (events: readonly SessionEvent[]) => events.map((e) => e.type);
const planTurn: ScriptedResponse[] = [
  { toolCalls: [{ name: 'read_file', arguments: { path: 'code.ts' } }] },
  write(PLAN),
  { text: 'Plan: read, then write notes.' },
];
const workTurn: ScriptedResponse[] = [
  { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'x = 1\n' } }] },
  { text: 'Done.' },
];

describe('plan first in the agent loop', () => {
  it('planning requests offer only read-only tools and todo_write, with the planning note; a write call is refused and not run', async () => {
    await withRig(async ({ requests, turn, ws, opened }) => {
      const refused: ScriptedResponse = {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'early.txt', content: 'no' } },
          { name: 'bash', arguments: { command: 'touch early2' } },
        ],
      };
      const reason = await turn(
        'add notes',
        [refused, ...planTurn],
        answering(() => ({ kind: 'later' })),
      );
      assert.deepEqual(reason, { kind: 'awaiting-approval' });
      assert.equal(requests.length, 4);
      for (const req of requests) {
        assert.deepEqual(toolNames(req), ['grep', 'list_files', 'read_file', 'todo_write']);
        assert.ok(req.system.endsWith(PLANNING_NOTE));
      }
      const results = opened.session.events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));
      assert.match(results[0]!.content, /^Error: write_file is not available while planning/);
      assert.match(results[1]!.content, /^Error: bash is not available while planning/);
      assert.equal(fs.existsSync(path.join(ws, 'early.txt')), false);
      assert.equal(fs.existsSync(path.join(ws, 'early2')), false);
    });
  });

  it('approval goes on in the same turn with every tool, the model told once', async () => {
    await withRig(async ({ requests, turn, ws, opened }) => {
      const gate = answering(() => ({ kind: 'approve' }));
      assert.deepEqual(await turn('add notes', [...planTurn, ...workTurn], gate), { kind: 'completed' });
      const events = opened.session.events;
      assert.equal(typesOf(events).filter((t) => t === 'turn/start').length, 1);
      const written = events.find((e) => e.type === 'todo/write')!;
      assert.deepEqual(gate.asked, [{ sessionId: opened.session.id, planSeq: written.seq, todos: PLAN }]);
      const proposed = events.find((e) => e.type === 'plan/proposed');
      assert.deepEqual(proposed?.data, { turn: 1, planSeq: written.seq, todos: PLAN });
      assert.deepEqual(events.find((e) => e.type === 'plan/approved')?.data, { planSeq: written.seq, todos: PLAN });
      const working = requests.slice(3);
      assert.equal(working.length, 2);
      for (const req of working) {
        assert.deepEqual(toolNames(req), [...ALL_TOOLS].sort());
        assert.ok(!req.system.includes(PLANNING_NOTE));
        assert.equal(countOf(userTexts(req.messages), PLAN_APPROVED_NOTE), 1);
      }
      assert.equal(fs.readFileSync(path.join(ws, 'notes.txt'), 'utf8'), 'x = 1\n');
      assert.equal(fold(todosProjection, events)?.review?.stage, 'approved');
    });
  });

  it('a rejection logs the feedback; the model replans in the same turn, told the feedback exactly once', async () => {
    await withRig(async ({ requests, turn, opened }) => {
      const feedback = 'Also update the README.';
      const gate = answering(
        () => ({ kind: 'reject', feedback: `  ${feedback}\n` }),
        () => ({ kind: 'approve' }),
      );
      const replan: ScriptedResponse[] = [write([...PLAN, todo('update the README')]), { text: 'Revised plan.' }];
      assert.deepEqual(await turn('add notes', [...planTurn, ...replan, ...workTurn], gate), { kind: 'completed' });
      const events = opened.session.events;
      assert.deepEqual(events.find((e) => e.type === 'plan/rejected')?.data, {
        planSeq: gate.asked[0]!.planSeq,
        feedback,
      });
      assert.equal(gate.asked.length, 2);
      assert.deepEqual(gate.asked[1]!.todos, [...PLAN, todo('update the README')]);
      const note = planRejectedNote(feedback);
      const afterRejection = requests.slice(3);
      assert.deepEqual(
        afterRejection.map((r) => countOf(userTexts(r.messages), note)),
        [1, 1, 1, 1],
      );
      assert.deepEqual(
        afterRejection.map((r) => r.tools.length),
        [4, 4, ALL_TOOLS.length, ALL_TOOLS.length],
        'replanning is read-only again; approval opens every tool',
      );
      assert.equal(
        requests.flatMap((r) => r.messages).filter((m) => m.role === 'user' && m.text.includes(feedback)).length,
        4,
        'once in each later request, never repeated within one',
      );
    });
  });

  it('edits before approving are user edits, told once before the approval; the approval names the edited version', async () => {
    await withRig(async ({ requests, turn, opened }) => {
      const editor = new PlanEditor(opened.session, { policy: () => ({ allowParallelInProgress: false }) });
      const gate = answering(async () => {
        assert.equal((await editor.submit({ kind: 'add', text: 'run the tests' })).kind, 'applied');
        return { kind: 'approve' };
      });
      assert.deepEqual(await turn('add notes', [...planTurn, ...workTurn], gate), { kind: 'completed' });
      const events = opened.session.events;
      const edit = events.find((e) => e.type === 'todo/user-edit')!;
      const edited = [...PLAN, todo('run the tests')];
      assert.deepEqual(events.find((e) => e.type === 'plan/approved')?.data, { planSeq: edit.seq, todos: edited });
      const texts = userTexts(requests[3]!.messages);
      assert.equal(countOf(texts, userEditNote(edited)), 1);
      assert.deepEqual(texts.slice(-2), [userEditNote(edited), PLAN_APPROVED_NOTE]);
      assert.equal(countOf(userTexts(requests[4]!.messages), userEditNote(edited)), 1);
    });
  });

  it('Stop while proposed ends the turn aborted; the proposal stands, and the next prompt continues from it', async () => {
    await withRig(async ({ requests, turn, opened }) => {
      const stop = new AbortController();
      const waiting: PlanReviewGate = { decide: () => (stop.abort(), new Promise(() => undefined)) };
      assert.deepEqual(await turn('add notes', planTurn, waiting, { signal: stop.signal }), { kind: 'aborted' });
      const events = opened.session.events;
      assert.deepEqual(typesOf(events).slice(-3), ['step/end', 'plan/proposed', 'turn/end']);
      assert.equal(fold(todosProjection, events)?.review?.stage, 'proposed');
      assert.deepEqual(readStandingPlan(opened.path), PLAN, 'the tail reader carries the proposal too');
      // The next prompt: still planning, the proposal carried into the new turn.
      const gate = answering(() => ({ kind: 'approve' }));
      assert.deepEqual(await turn('go ahead, but keep it short', [{ text: 'The plan stands.' }, ...workTurn], gate), {
        kind: 'completed',
      });
      assert.equal(requests[3]!.tools.length, 4);
      assert.deepEqual(
        gate.asked.map((p) => p.todos),
        [PLAN],
      );
      assert.equal(opened.session.events.filter((e) => e.type === 'plan/proposed').length, 2);
      assert.equal(requests.at(-1)!.tools.length, ALL_TOOLS.length);
    });
  });

  it('"later" ends the turn awaiting-approval; a decision between turns and a prompt-less turn go on from it', async () => {
    await withRig(async ({ requests, turn, opened }) => {
      assert.deepEqual(
        await turn(
          'add notes',
          planTurn,
          answering(() => ({ kind: 'later' })),
        ),
        { kind: 'awaiting-approval' },
      );
      const proposed = opened.session.events.at(-2)!;
      assert.equal(proposed.type, 'plan/proposed');
      const planSeq = proposed.type === 'plan/proposed' ? proposed.data.planSeq : 0;
      opened.session.append('plan/approved', { planSeq, todos: PLAN });
      assert.deepEqual(readStandingPlan(opened.path), PLAN);
      // No --plan-first on the continuing run: the approval decides that it works.
      assert.deepEqual(await turn(null, workTurn), { kind: 'completed' });
      const first = requests[3]!;
      assert.deepEqual(toolNames(first), [...ALL_TOOLS].sort());
      assert.deepEqual(first.messages.at(-1), { role: 'user', text: PLAN_APPROVED_NOTE });
      assert.equal(opened.session.events.filter((e) => e.type === 'user/message').length, 1);
    });
  });

  it('PendingPlanReview holds the waiting proposal until a host answers it; closing answers later', async () => {
    await withRig(async ({ turn, opened }) => {
      const review = new PendingPlanReview(() => {
        if (review.waiting !== null) setTimeout(() => review.answer({ kind: 'approve' }), 0);
      });
      assert.equal(review.answer({ kind: 'approve' }), false, 'nothing waits yet');
      assert.deepEqual(await turn('add notes', [...planTurn, ...workTurn], review), { kind: 'completed' });
      assert.equal(review.waiting, null);
      assert.ok(typesOf(opened.session.events).includes('plan/approved'));
      const closing = new PendingPlanReview(() => closing.close());
      assert.deepEqual(await turn('more notes', planTurn, closing), { kind: 'awaiting-approval' });
    });
  });

  it('a plan-first turn whose model writes no plan completes as usual', async () => {
    await withRig(async ({ turn, opened }) => {
      assert.deepEqual(await turn('what is x?', [{ text: 'x is 1.' }], answering()), { kind: 'completed' });
      assert.ok(!typesOf(opened.session.events).includes('plan/proposed'));
    });
  });
});
