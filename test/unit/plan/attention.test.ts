// The two pure decisions behind "the user may not be looking": when an in-progress
// plan has stalled (an injected clock over the log's own timestamps), and when a
// turn's end or a waiting approval becomes a notification, with which text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attentionNotice, shouldNotify } from '../../../extension/src/core/plan/attention';
import { planStall } from '../../../extension/src/core/plan/plan-stall';
import { memorySession, openStepWithCalls, todo } from '../support/sessions';

const MIN = 60_000;
const T0 = '2026-01-01T10:00:00.000Z';
const at = (minutes: number): number => Date.parse(T0) + minutes * MIN;
const working = [todo('Reproduce', 'completed'), todo('Fix', 'in_progress'), todo('Test')];

describe('plan stall', () => {
  it('is due stallMinutes after the latest log line, and stalled from then on, since that line', () => {
    const input = { plan: working, turnOpen: true, lastActivity: T0 };
    assert.deepEqual(planStall(input, at(0), 10), { stalled: false, checkAt: at(10) });
    assert.deepEqual(planStall(input, at(9.99), 10), { stalled: false, checkAt: at(10) });
    assert.deepEqual(planStall(input, at(10), 10), { stalled: true, since: T0 });
    assert.deepEqual(planStall(input, at(90), 10), { stalled: true, since: T0 });
  });

  it('never stalls without an item in progress, outside an open turn, on an empty log or with the warning off', () => {
    const idle = { stalled: false, checkAt: null };
    const late = at(60);
    assert.deepEqual(
      planStall({ plan: [todo('a', 'completed'), todo('b')], turnOpen: true, lastActivity: T0 }, late, 10),
      idle,
    );
    assert.deepEqual(planStall({ plan: null, turnOpen: true, lastActivity: T0 }, late, 10), idle);
    assert.deepEqual(planStall({ plan: working, turnOpen: false, lastActivity: T0 }, late, 10), idle);
    assert.deepEqual(planStall({ plan: working, turnOpen: true, lastActivity: null }, late, 10), idle);
    assert.deepEqual(planStall({ plan: working, turnOpen: true, lastActivity: T0 }, late, 0), idle);
  });

  it('reads a real log: activity moves the deadline, turn/end ends the watch', () => {
    const s = memorySession(); // its clock ticks one second per append
    openStepWithCalls(s, []);
    const write = s.append('todo/write', { todos: working });
    const input = () => ({ plan: working, turnOpen: s.openTurn !== null, lastActivity: s.events.at(-1)?.ts ?? null });
    const now = Date.parse(write.ts) + 11 * MIN;
    assert.deepEqual(planStall(input(), now, 10), { stalled: true, since: write.ts });
    const next = s.append('step/end', { turn: 1, step: 1 });
    assert.deepEqual(planStall(input(), Date.parse(next.ts), 10), {
      stalled: false,
      checkAt: Date.parse(next.ts) + 10 * MIN,
    });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    assert.deepEqual(planStall(input(), now + 60 * MIN, 10), { stalled: false, checkAt: null });
  });
});

describe('attention notifications', () => {
  it('notify only when enabled and the view is hidden or the window unfocused', () => {
    const cases: [boolean, boolean, boolean, boolean][] = [
      // enabled, viewVisible, windowFocused -> notify
      [true, false, true, true],
      [true, true, false, true],
      [true, false, false, true],
      [true, true, true, false],
      [false, false, false, false],
      [false, false, true, false],
    ];
    for (const [enabled, viewVisible, windowFocused, expected] of cases) {
      assert.equal(
        shouldNotify({ enabled, viewVisible, windowFocused }),
        expected,
        JSON.stringify({ enabled, viewVisible, windowFocused }),
      );
    }
  });

  it('says how the turn ended and the plan as the status bar summarizes it', () => {
    assert.deepEqual(attentionNotice({ kind: 'turn-end', reason: 'completed' }, working), {
      level: 'info',
      text: 'The agent finished its turn. Plan: 1/3 done · Fix',
    });
    assert.deepEqual(attentionNotice({ kind: 'turn-end', reason: 'error' }, null), {
      level: 'info',
      text: 'The agent’s turn failed.',
    });
    assert.equal(
      attentionNotice({ kind: 'turn-end', reason: 'aborted' }, [todo('a', 'in_progress'), todo('b', 'in_progress')])
        .text,
      'The agent stopped. Plan: 0/2 done · a +1',
    );
  });

  it('warns of a waiting approval with the tool and what it would do, on one short line', () => {
    const notice = attentionNotice({ kind: 'approval', tool: 'bash', summary: 'npm test\n  -- --watch' }, working);
    assert.deepEqual(notice, {
      level: 'warning',
      text: 'The agent waits for your approval to run bash: npm test -- --watch Plan: 1/3 done · Fix',
    });
    const long = attentionNotice({ kind: 'approval', tool: 'bash', summary: 'x'.repeat(500) }, null).text;
    assert.ok(long.length < 220 && long.endsWith('…'), long);
  });

  it('warns of a plan-first proposal waiting for the decision, with the proposed plan as the status bar summarizes it', () => {
    const proposed = [todo('Read the parser'), todo('Guard the parser')];
    assert.deepEqual(attentionNotice({ kind: 'plan-proposed' }, proposed), {
      level: 'warning',
      text: 'The agent proposed a plan and waits for your decision: approve, edit or reject it. Plan: 0/2 done',
    });
  });

  it('fills localized templates', () => {
    const zh = {
      turnEnd: {
        completed: '代理已完成本轮。',
        aborted: '代理已停止。',
        error: '失败。',
        'max-steps': '步数上限。',
        interrupted: '中断。',
        'awaiting-approval': '计划待批准。',
      },
      approval: '等待批准 {0}：{1}',
      planProposed: '计划待决定。',
      withPlan: '{0} 计划：{1}',
      planHead: '{0}/{1} 已完成',
    };
    assert.equal(
      attentionNotice({ kind: 'turn-end', reason: 'completed' }, working, zh).text,
      '代理已完成本轮。 计划：1/3 已完成 · Fix',
    );
  });
});
