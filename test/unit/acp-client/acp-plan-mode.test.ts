// An ACP agent's own plan mode as plan first, with the scripted agent as a child
// process through the real SDK: its request to leave plan mode (Claude's ExitPlanMode,
// with claude-agent-acp's options) proposes the plan on our log, the host's
// PlanReviewGate decides, plan/approved or plan/rejected is logged, and the agent is
// answered with its own option; a rejection's feedback opens its next prompt, once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { joinCommandLine } from '../../../extension/src/core/acp-client/command-line';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { memorySession, tempDir, todo } from '../support/sessions';
import type { RequestPermissionRequest } from '@agentclientprotocol/sdk';
import { AcpPlanMode } from '../../../extension/src/core/acp-client/acp-plan-mode';
import type { PlanDecision, PlanProposal, PlanReviewGate } from '../../../extension/src/core/agent/plan-first';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { scriptedAgent, scriptedLaunch, type Step } from './scripted-agent-session';

const ACP_APPROVED_NOTE = 'The user approved your plan after your last turn ended. Carry it out now.';

/** claude-agent-acp's options for ExitPlanMode (not running as root). */
const EXIT_PLAN_OPTIONS = [
  { kind: 'allow_always', name: 'Yes, and auto-accept edits', optionId: 'acceptEdits' },
  { kind: 'allow_once', name: 'Yes, and manually approve edits', optionId: 'default' },
  { kind: 'reject_once', name: 'No, keep planning', optionId: 'plan' },
] as const;

const PLAN_TEXT = '## Plan\n\n1. Read the parser\n2. Fix the off-by-one\n   - [ ] add a test';

const exitPlanMode = (id: string, plan?: string): Step => ({
  permission: {
    toolCallId: id,
    title: 'Ready to code?',
    kind: 'switch_mode',
    ...(plan === undefined ? {} : { rawInput: { plan }, text: plan }),
  },
  options: [...EXIT_PLAN_OPTIONS],
});

/** A gate that answers each proposal in turn and remembers what it was shown. */
function scriptedGate(decisions: PlanDecision[]): PlanReviewGate & { shown: PlanProposal[] } {
  const shown: PlanProposal[] = [];
  return {
    shown,
    decide: (proposal) => (shown.push(proposal), Promise.resolve(decisions.shift() ?? { kind: 'later' })),
  };
}

const planEvents = (events: readonly SessionEvent[]) =>
  events.filter((e) => e.type.startsWith('plan/') || e.type === 'todo/write').map((e) => e.type);

describe('an ACP agent leaving its plan mode', () => {
  it('the plan text becomes the proposed items; approve answers its allow-once option and logs plan/approved', async () => {
    const gate = scriptedGate([{ kind: 'approve' }]);
    const agent = await scriptedAgent({ planReview: gate });
    const { reports, end, events } = await agent.run([{ mode: 'plan' }, exitPlanMode('exit-1', PLAN_TEXT)]);
    assert.deepEqual(end, { kind: 'completed' });
    assert.deepEqual(reports[1]?.result, { outcome: 'selected', optionId: 'default' });
    const items = [
      { content: 'Read the parser', status: 'pending' },
      { content: 'Fix the off-by-one', status: 'pending' },
      { content: 'add a test', status: 'pending' },
    ];
    assert.deepEqual(
      gate.shown.map((p) => p.todos),
      [items],
    );
    assert.deepEqual(planEvents(events), ['todo/write', 'plan/proposed', 'plan/approved']);
    const approved = events.find((e) => e.type === 'plan/approved');
    assert.ok(approved?.type === 'plan/approved');
    assert.deepEqual(approved.data.todos, items);
    const call = events.findIndex((e) => e.type === 'tool/call' && e.data.callId === 'exit-1');
    assert.ok(call > events.indexOf(approved), 'the call is logged after the decision, in a step of its own');
    const next = await agent.run([{ prompt: true }]);
    assert.deepEqual(next.reports[0]?.result, [], 'an approval it was answered in its turn is not told again');
  });

  it("the agent's own plan list is proposed; reject answers its reject option, and the feedback opens the next prompt once", async () => {
    const gate = scriptedGate([{ kind: 'reject', feedback: 'Write the test first.' }]);
    const agent = await scriptedAgent({ planReview: gate });
    const list = [
      { content: 'Fix it', status: 'pending' as const },
      { content: 'Test it', status: 'pending' as const },
    ];
    const first = await agent.run([{ mode: 'plan' }, { plan: list }, exitPlanMode('exit-1', 'Fix it, then test it.')]);
    assert.deepEqual(first.reports[2]?.result, { outcome: 'selected', optionId: 'plan' });
    assert.deepEqual(
      gate.shown.map((p) => p.todos),
      [list],
      'its list, not the text',
    );
    assert.deepEqual(planEvents(first.events), ['todo/write', 'plan/proposed', 'plan/rejected']);
    const second = await agent.run([{ prompt: true }]);
    assert.deepEqual(second.reports[0]?.result, [
      'The user rejected your plan. Their feedback:\nWrite the test first.\nRevise the plan with this feedback and ask to leave plan mode again before you change anything.',
    ]);
    const third = await agent.run([{ prompt: true }]);
    assert.deepEqual(third.reports[0]?.result, [], 'told once');
  });

  it('no one to decide now: its reject option, the proposal stays; an approval decided between turns opens the next prompt', async () => {
    const agent = await scriptedAgent({ planReview: scriptedGate([]) });
    const first = await agent.run([{ mode: 'plan' }, exitPlanMode('exit-1', '- only step')]);
    assert.deepEqual(first.reports[1]?.result, { outcome: 'selected', optionId: 'plan' });
    const proposed = [...first.events].reverse().find((e) => e.type === 'plan/proposed');
    assert.ok(proposed?.type === 'plan/proposed');
    assert.equal(first.events.at(-1)?.type, 'turn/end');
    agent.session.log.session.append('plan/approved', { planSeq: proposed.data.planSeq, todos: proposed.data.todos });
    const second = await agent.run([{ prompt: true }]);
    assert.deepEqual(second.reports[0]?.result, [ACP_APPROVED_NOTE]);
  });

  it('without a plan gate, or a switch_mode call outside plan mode without a plan, it is asked as any permission', async () => {
    const ungated = await scriptedAgent({ autoApprove: true });
    const plain = await ungated.run([{ mode: 'plan' }, exitPlanMode('exit-1', PLAN_TEXT)]);
    assert.deepEqual(
      plain.reports[1]?.result,
      { outcome: 'selected', optionId: 'default' },
      'auto-approve: its allow option',
    );
    assert.deepEqual(planEvents(plain.events), [], 'no proposal');
    assert.ok(
      plain.events.some((e) => e.type === 'tool/approval' && e.data.callId === 'exit-1'),
      'asked as a tool is',
    );
    const gated = await scriptedAgent({ planReview: scriptedGate([{ kind: 'approve' }]), autoApprove: true });
    const switched = await gated.run([exitPlanMode('switch-1')]);
    assert.deepEqual(switched.reports[0]?.result, { outcome: 'selected', optionId: 'default' });
    assert.deepEqual(planEvents(switched.events), [], 'not a plan exit: not in plan mode, no plan text');
  });
});

describe('run --agent-command and the agent leaving its plan mode', () => {
  async function run(flags: string[]): Promise<{ code: number; err: string; events: readonly SessionEvent[] }> {
    const ws = fs.realpathSync(tempDir('acp-plan-cli-'));
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      write: () => undefined,
      env: { PATH: process.env.PATH },
      cwd: ws,
    };
    const steps: Step[] = [{ mode: 'plan' }, exitPlanMode('exit-1', PLAN_TEXT)];
    const code = await main(
      [
        'run',
        '--agent-command',
        joinCommandLine([scriptedLaunch.command, ...scriptedLaunch.args]),
        ...flags,
        '--json',
        '--session-dir',
        'sessions',
        JSON.stringify(steps),
      ],
      io,
    );
    const events =
      code === 0 ? loadLogFile(z.object({ logPath: z.string() }).parse(JSON.parse(out[0]!)).logPath).events : [];
    return { code, err: err.join('\n'), events };
  }

  it('--approve-plan approves it; without a terminal or the flag it stays proposed; --plan-first is refused', async () => {
    const approved = await run(['--approve-plan']);
    assert.equal(approved.code, 0, approved.err);
    assert.deepEqual(planEvents(approved.events), ['todo/write', 'plan/proposed', 'plan/approved']);
    const undecided = await run([]);
    assert.equal(undecided.code, 0, undecided.err);
    assert.deepEqual(planEvents(undecided.events), ['todo/write', 'plan/proposed']);
    const refused = await run(['--plan-first']);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /--plan-first does not apply to an ACP agent/);
  });
});

describe('plan text as items (AcpPlanMode in process)', () => {
  type ExitCall = RequestPermissionRequest['toolCall'];
  /** What a plan exit with `call` proposes over a user's standing plan, in plan mode unless `mode` is null; null: no plan exit. */
  async function proposed(call: Omit<ExitCall, 'toolCallId'>, mode: string | null = 'plan') {
    const session = memorySession();
    session.append('todo/user-edit', { todos: [todo('standing')] });
    session.append('turn/start', { turn: 1 });
    const gate = scriptedGate([{ kind: 'approve' }]);
    const planMode = new AcpPlanMode(session, gate);
    if (mode !== null) planMode.modeChanged(mode);
    const params = { sessionId: 's', toolCall: { toolCallId: 'exit-1', ...call }, options: [...EXIT_PLAN_OPTIONS] };
    const signal = new AbortController().signal;
    const answer = await planMode.answer(params, 'switch_mode', { turn: 1, stepOpen: false, signal });
    return answer === null ? null : gate.shown.map((p) => p.todos);
  }
  const textContent = (text: string) => [{ type: 'content' as const, content: { type: 'text' as const, text } }];

  it('list items (bulleted, numbered, nested, checkboxes) in order; without a list, each non-blank line', async () => {
    assert.deepEqual(await proposed({ rawInput: { plan: '# Plan\nintro\n- a\n  * [x] b\n3) c\n- a' } }), [
      [
        { content: 'a', status: 'pending' },
        { content: 'b', status: 'completed' },
        { content: 'c', status: 'pending' },
        { content: 'a (2)', status: 'pending' },
      ],
    ]);
    assert.deepEqual(await proposed({ rawInput: { plan: '## Fix the bug\n\nThen run the tests.' } }), [
      [
        { content: 'Fix the bug', status: 'pending' },
        { content: 'Then run the tests.', status: 'pending' },
      ],
    ]);
  });

  it("the call's rawInput.plan, else its text content, else none", async () => {
    assert.deepEqual(await proposed({ rawInput: { plan: 'p' }, content: textContent('t') }), [
      [{ content: 'p', status: 'pending' }],
    ]);
    assert.deepEqual(await proposed({ rawInput: {}, content: textContent(' t ') }), [
      [{ content: 't', status: 'pending' }],
    ]);
    assert.deepEqual(await proposed({ rawInput: { plan: ' ' }, content: textContent('t') }), [
      [{ content: 't', status: 'pending' }],
    ]);
    assert.equal(
      await proposed({ rawInput: { plan: ' ' } }, null),
      null,
      'no plan text, not in plan mode: no plan exit (the standing plan is not proposed)',
    );
  });
});
