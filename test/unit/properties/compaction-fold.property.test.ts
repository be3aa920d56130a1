// Property tests with compactions in the log: context/compact never changes the
// standing plan; live fold equals replay (memory and disk) at every prefix; the
// standing plan read from the end of the file equals the whole log's.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { todosProjection } from '../../../extension/src/core/plan/todos-projection';
import { fold } from '../../../extension/src/core/session/projection';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import type { Session } from '../../../extension/src/core/session/session';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { memorySession, tempDir, todo } from '../support/sessions';
import { foldStandingPlan, readStandingPlan } from '../support/plan-folds';

type Command =
  { kind: 'turn' } | { kind: 'end' } | { kind: 'compact' } | { kind: 'step'; write: boolean; text: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'turn' }) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'end' }) },
  { weight: 2, arbitrary: fc.constant<Command>({ kind: 'compact' }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('step' as const), write: fc.boolean(), text: fc.boolean() }) },
);

/** Every command made valid in context; a compaction goes where the loop puts one (the latest boundary). */
function play(session: Session, commands: readonly Command[]): void {
  let n = 0;
  for (const c of commands) {
    if (c.kind === 'compact') {
      if (session.boundarySeq > 0)
        session.append('context/compact', { upToSeq: session.boundarySeq, summary: `summary ${++n}` });
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
      session.append('turn/end', { turn, reason: { kind: 'completed' } });
      continue;
    }
    const step = session.lastStep + 1;
    const id = `c${++n}`;
    session.append('step/start', { turn, step });
    const content = c.text
      ? [{ type: 'text' as const, text: `answer ${n}` }]
      : [{ type: 'tool-call' as const, id, name: 'todo_write', arguments: '{}' }];
    session.append('assistant/message', {
      turn,
      step,
      message: { content },
      model: { provider: 'scripted', model: 'scripted' },
    });
    if (!c.text) {
      if (c.write) session.append('todo/write', { todos: [todo(`item ${n}`, 'in_progress'), todo(`next ${n}`)] });
      session.append('tool/result', { turn, step, callId: id, isError: false, content: `result ${n}` });
    }
    session.append('step/end', { turn, step });
  }
}

describe('standing plan and history with compactions', () => {
  it('live fold equals replay at every prefix, and a compaction keeps the plan as it was', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const session = memorySession();
        const live = new SessionFolds({ transcript: null });
        const seen: unknown[] = [];
        const following = live.follow(session, () => seen.push(live.planState));
        play(session, commands);
        const events = session.events;
        seen.forEach((state, i) => assert.deepEqual(state, fold(todosProjection, events.slice(0, i + 1))));
        events.forEach((e, i) => {
          if (e.type === 'context/compact')
            assert.ok(Object.is(foldStandingPlan(events.slice(0, i + 1)), foldStandingPlan(events.slice(0, i))));
        });
        following.dispose();
      }),
      { numRuns: 150 },
    );
  });

  it('on disk: the log loads with every invariant, the tail reader agrees with the full fold', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const store = new SessionStore(path.join(dir, `p${Math.random().toString(36).slice(2)}`));
        const opened = store.create();
        try {
          play(opened.session, commands);
        } finally {
          opened.dispose();
        }
        if (opened.session.lastSeq === 0) return;
        const loaded = loadLogFile(opened.path);
        assert.deepEqual(loaded.events, opened.session.events);
        assert.deepEqual(readStandingPlan(opened.path), foldStandingPlan(loaded.events));
      }),
      { numRuns: 60 },
    );
  });
});
