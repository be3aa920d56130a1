// Property tests (fast-check): the standing plan is the same however it is computed,
// and every log todo_write writes is durable under either policy.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { todoListSchema } from '../../../extension/src/core/session/stored-todo-list';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { fold } from '../../../extension/src/core/session/projection';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { TranscriptFolder, transcriptFromEvents } from '../../../extension/src/core/presenters/transcript-folder';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { Session } from '../../../extension/src/core/session/session';
import { PlanEditor } from '../../../extension/src/core/plan/plan-editor';
import { PlanHistoryFolder } from '../../../extension/src/core/plan/plan-history';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { flaggedItems, untoldFlags } from '../../../extension/src/core/plan/plan-flags';
import type { PlanEdit } from '../../../extension/src/core/plan/user-edit';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { streamLog } from '../../../extension/src/core/store/log-stream';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { memorySession, tempDir } from '../support/sessions';
import { foldStandingPlan, planHistory, readStandingPlan } from '../support/plan-folds';

const status = fc.constantFrom<TodoItem['status']>('pending', 'in_progress', 'completed');
/** Raw items as a model might send them: padded, repeated, sometimes blank. */
const rawItem = fc.record({
  content: fc.oneof(fc.constantFrom('a', ' a ', 'b', '\u00a0c', '', '  ', 'A'), fc.string({ maxLength: 6 })),
  status,
});
const rawList = fc.array(rawItem, { maxLength: 6 });

type Command =
  | { kind: 'turn' }
  | { kind: 'step'; calls: { args: unknown; raw?: string }[]; editMidStep?: PlanEdit }
  | { kind: 'end'; reason: 'completed' | 'aborted' }
  /** A user edit between turns or steps (or, via editMidStep, queued while a step runs). */
  | { kind: 'edit'; edit: PlanEdit }
  /** Plan first: propose the standing plan (in a turn), or decide a waiting proposal (between steps or turns). */
  | { kind: 'review'; review: 'propose' | 'approve' | 'reject' }
  /** A step of work (the items' evidence): reads, writes, commands with their exits, another tool's call. */
  | { kind: 'work'; calls: WorkCall[] }
  /** The loop tells the model the flagged items it has not been told (plan/verify-completion), between steps. */
  | { kind: 'tell' };

type WorkCall = { name: 'read_file' | 'write_file' | 'other_tool' } | { name: 'bash'; exit: number | null };
const workCall: fc.Arbitrary<WorkCall> = fc.oneof(
  fc.record({ name: fc.constantFrom('read_file' as const, 'write_file' as const, 'other_tool' as const) }),
  fc.record({ name: fc.constant('bash' as const), exit: fc.option(fc.integer({ min: 0, max: 2 })) }),
);

const someContent = fc.constantFrom('a', 'b', 'A', 'new', ' new ', '');
const planEdit: fc.Arbitrary<PlanEdit> = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), content: someContent, status }),
  fc.record({ kind: fc.constant('text' as const), content: someContent, text: someContent }),
  fc.record({ kind: fc.constant('add' as const), text: someContent }),
  fc.record({ kind: fc.constant('remove' as const), content: someContent }),
  fc.record({ kind: fc.constant('move' as const), content: someContent, by: fc.constantFrom(-1 as const, 1 as const) }),
);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'turn' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('step' as const),
      calls: fc.array(
        fc.oneof(
          rawList.map((todos) => ({ args: { todos } })),
          fc.constant({ args: null, raw: '{"todos": [' }),
        ),
        { maxLength: 3 },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('end' as const),
      reason: fc.constantFrom('completed' as const, 'aborted' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), edit: planEdit }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      review: fc.constantFrom('propose' as const, 'approve' as const, 'reject' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('work' as const),
      calls: fc.array(workCall, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'tell' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('step' as const),
      calls: fc.array(
        rawList.map((todos) => ({ args: { todos } })),
        { minLength: 1, maxLength: 2 },
      ),
      editMidStep: planEdit,
    }),
  },
);

/** Drives a session through the real registry; every command is made valid in context. */
async function play(session: Session, commands: Command[], allowParallelInProgress: boolean): Promise<void> {
  const { registry } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress });
  const signal = new AbortController().signal;
  const editor = new PlanEditor(session, { policy: () => ({ allowParallelInProgress }) });
  let callNo = 0;
  for (const c of commands) {
    if (c.kind === 'edit') {
      await editor.submit(c.edit);
      continue;
    }
    if (c.kind === 'review') {
      const plan = fold(todosProjection, session.events);
      if (plan === null) continue;
      const { seq: planSeq, todos } = plan;
      if (c.review === 'propose' && session.openTurn !== null)
        session.append('plan/proposed', { turn: session.openTurn, planSeq, todos: [...todos] });
      if (plan.review?.stage !== 'proposed') continue;
      if (c.review === 'approve') session.append('plan/approved', { planSeq, todos: [...todos] });
      if (c.review === 'reject') session.append('plan/rejected', { planSeq, feedback: 'not like this' });
      continue;
    }
    if (c.kind === 'turn' || session.openTurn === null) {
      if (session.openTurn !== null)
        session.append('turn/end', { turn: session.openTurn, reason: { kind: 'completed' } });
      const turn = session.lastTurn + 1;
      session.append('turn/start', { turn });
      session.append('user/message', { turn, message: { text: `prompt ${turn}` } });
      if (c.kind === 'turn') continue;
    }
    const turn = session.openTurn!;
    if (c.kind === 'end') {
      session.append('turn/end', { turn, reason: { kind: c.reason } });
      continue;
    }
    if (c.kind === 'tell') {
      const items = untoldFlags(fold(planLedgerProjection, session.events));
      if (items.length > 0) session.append('plan/verify-completion', { turn, items });
      continue;
    }
    if (c.kind === 'work') {
      workStep(session, turn, c.calls, () => `c${++callNo}`);
      continue;
    }
    const step = session.lastStep + 1;
    const calls = c.calls.map((call) => ({ id: `c${++callNo}`, text: call.raw ?? JSON.stringify(call.args) }));
    session.append('step/start', { turn, step });
    session.append('assistant/message', {
      turn,
      step,
      message: {
        content: calls.map((call) => ({
          type: 'tool-call' as const,
          id: call.id,
          name: 'todo_write',
          arguments: call.text,
        })),
      },
      model: { provider: 'scripted', model: 'scripted' },
    });
    let queued: Promise<unknown> | null = null;
    for (const call of calls) {
      session.append('tool/call', { turn, step, callId: call.id, name: 'todo_write', arguments: call.text });
      if (c.editMidStep && queued === null) queued = editor.submit(c.editMidStep);
      const result = await registry.execute('todo_write', call.text, { agent: { session }, signal, callId: call.id });
      session.append('tool/result', { turn, step, callId: call.id, isError: result.isError, content: result.content });
    }
    session.append('step/end', { turn, step });
    editor.flush();
    if (queued) await queued;
  }
}

/** A step of `calls`, each with the result its tool would log (bash: its exit; null: timed out). */
function workStep(session: Session, turn: number, calls: WorkCall[], id: () => string): void {
  const step = session.lastStep + 1;
  const withIds = calls.map((call) => ({ ...call, id: id() }));
  session.append('step/start', { turn, step });
  session.append('assistant/message', {
    turn,
    step,
    message: {
      content: withIds.map((call) => ({ type: 'tool-call' as const, id: call.id, name: call.name, arguments: '{}' })),
    },
    model: { provider: 'scripted', model: 'scripted' },
  });
  for (const call of withIds) {
    session.append('tool/call', { turn, step, callId: call.id, name: call.name });
    const exit =
      call.name !== 'bash'
        ? null
        : call.exit === null
          ? { kind: 'timed-out', timeoutMs: 10 }
          : { kind: 'exited', code: call.exit };
    const failed = exit !== null && !(exit.kind === 'exited' && exit.code === 0);
    session.append('tool/result', {
      turn,
      step,
      callId: call.id,
      isError: failed,
      content: '',
      ...(exit === null ? {} : { details: { tool: 'bash', exit } }),
    });
  }
  session.append('step/end', { turn, step });
}

describe('standing plan properties', () => {
  it("live folds equal replay at every prefix (plan, ledger with each item's evidence, transcript), with user edits in random places (between turns, between steps, queued mid-step), work steps and told flags", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 25 }), fc.boolean(), async (commands, parallel) => {
        const session = memorySession();
        const live = new SessionFolds({ transcript: new TranscriptFolder() });
        const history = new PlanHistoryFolder();
        /** The transcript as the page holds it: each changed item replaces the one with its id. */
        const rows = new Map<string, TranscriptItem>();
        const seen: unknown[] = [];
        const following = live.follow(session, (change, event) => {
          history.apply(event);
          for (const item of change.items) rows.set(item.id, item);
          seen.push([live.planState, live.ledger, [...rows.values()]]);
        });
        await play(session, commands, parallel);
        seen.forEach((state, i) => {
          const prefix = session.events.slice(0, i + 1);
          const replay = SessionFolds.over(prefix, { transcript: new TranscriptFolder() });
          assert.deepEqual(state, [
            fold(todosProjection, prefix),
            fold(planLedgerProjection, prefix),
            transcriptFromEvents(prefix),
          ]);
          assert.deepEqual(
            [replay.planState, replay.ledger],
            [fold(todosProjection, prefix), fold(planLedgerProjection, prefix)],
          );
        });
        assert.deepEqual(live.planState, fold(todosProjection, session.events));
        // The flags read off the live ledger are the replay's.
        assert.deepEqual(
          [flaggedItems(live.ledger, true), untoldFlags(live.ledger)],
          [
            flaggedItems(fold(planLedgerProjection, session.events), true),
            untoldFlags(fold(planLedgerProjection, session.events)),
          ],
        );
        assert.deepEqual(history.versions, planHistory(structuredClone([...session.events])));
        // Every user edit is valid under the policy and never sits inside a step (the log reloads).
        const replayed = Session.fromEvents(session.header, session.events);
        assert.equal(replayed.lastSeq, session.lastSeq);
        following.dispose();
      }),
      { numRuns: 150 },
    );
  });

  it('every log the tool writes passes the durable invariant under either policy, on disk too', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 15 }), fc.boolean(), async (commands, parallel) => {
        const store = new SessionStore(path.join(dir, `p${Math.random().toString(36).slice(2)}`));
        const opened = store.create();
        try {
          await play(opened.session, commands, parallel);
        } finally {
          opened.dispose();
        }
        for (const e of opened.session.events)
          if (e.type === 'todo/write' || e.type === 'todo/user-edit')
            assert.ok(todoListSchema.safeParse(e.data.todos).success);
        if (opened.session.lastSeq === 0) return;
        const loaded = loadLogFile(opened.path);
        assert.deepEqual(loaded.events, opened.session.events);
        // The reverse tail reader agrees with the full fold.
        assert.deepEqual(readStandingPlan(opened.path), foldStandingPlan(loaded.events));
        // Streamed as a streamed open reads it, the log folds to what the events in memory fold to (lines cut
        // anywhere between chunks: the line splitter's property, test/unit/store/log-stream.test.ts).
        const streamed = new SessionFolds({ transcript: new TranscriptFolder() });
        const batches: SessionEvent[] = [];
        const replayed = await streamLog(opened.path, (events) => {
          batches.push(...events);
          streamed.catchUp(events);
        });
        assert.deepEqual(batches, loaded.events);
        assert.equal(replayed.size, loaded.size);
        const inMemory = SessionFolds.over(loaded.events, { transcript: new TranscriptFolder() });
        assert.deepEqual([streamed.planState, streamed.ledger], [inMemory.planState, inMemory.ledger]);
      }),
      { numRuns: 60 },
    );
  });

  it('a log written with parallel allowed loads and shows its plan when the policy is false', async () => {
    const dir = tempDir();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            content: fc.string({ minLength: 1, maxLength: 5 }).filter((s) => s.trim() === s && s !== ''),
            status: fc.constant('in_progress' as const),
          }),
          { minLength: 2, maxLength: 5 },
        ),
        async (items) => {
          const unique = [...new Map(items.map((i) => [i.content, { content: i.content, status: i.status }])).values()];
          fc.pre(unique.length >= 2);
          const store = new SessionStore(path.join(dir, `q${Math.random().toString(36).slice(2)}`));
          const writer = store.create();
          await play(writer.session, [{ kind: 'step', calls: [{ args: { todos: unique } }] }], true);
          writer.dispose();
          // Reopen under the tighter policy: the log loads and the plan stands as written.
          const reopened = store.openForWrite(writer.session.id);
          try {
            const { registry } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: false });
            assert.match(registry.get('todo_write')!.description, /AT MOST ONE/);
            assert.deepEqual(foldStandingPlan(reopened.session.events), unique);
            assert.deepEqual(readStandingPlan(reopened.path), unique);
          } finally {
            reopened.dispose();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
