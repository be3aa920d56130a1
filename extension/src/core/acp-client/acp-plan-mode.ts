// An ACP agent's own plan mode as plan first (docs/todo-write-contract.md, "Plan
// first"): the same proposed state, gate and events as our own agent's.
//
// The agent says it plans with `current_mode_update` to its plan mode (a mode id that
// names a plan: Claude's `plan`), and asks to leave it with a permission request whose
// call is of kind `switch_mode`. Claude (claude-agent-acp) asks so for ExitPlanMode:
// title "Ready to code?", `rawInput.plan` and a text content both the plan as Markdown,
// options "Yes, and auto-accept edits" (allow_always), "Yes, and manually approve
// edits" (allow_once), "No, keep planning" (reject_once). Such a request, in plan mode
// or carrying a plan text, is a PLAN EXIT, and is not asked as a tool's approval:
//   - the plan proposed is the agent's own list when it sent one in this turn (a `plan`
//     update, on the log as todo/write); else the plan text's items (planTextItems),
//     written as the agent's todo/write first; else the standing plan. With none of
//     them, or while a step of the turn is open, it is asked as any permission is;
//   - plan/proposed, the decision through the host's PlanReviewGate (the editor's
//     Approve Plan / Reject Plan with Feedback…, the CLI's terminal or --approve-plan),
//     and plan/approved or plan/rejected, as reviewPlan writes them for our agent;
//   - the agent is answered with its own options: approve → its allow option (allow
//     once first: it goes on asking for each edit); reject, or no one can decide now
//     (`later`, the proposal stays on the log) → its reject option ("keep planning");
//     Stop → cancelled.
// ACP carries no text with an answer, so a rejection's feedback is told at the start
// of the agent's next prompt, as is an approval decided between turns (after a turn
// that ended with the proposal undecided): planDecisionNote.
import type { RequestPermissionRequest, RequestPermissionResponse, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { fitTodos } from '../plan/fit-todos';
import { reviewPlan, type PlanReviewGate } from '../plan/plan-review-gate';
import type { TodoItem, TodoStatus } from '../plan/todo-schema';
import { todosProjection, type PlanState } from '../plan/todos-projection';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';
import { acpPermissionResponse } from './acp-permission-answer';

/** Whether an agent's mode id is its plan mode. */
const isPlanMode = (modeId: string): boolean => /plan/i.test(modeId);

/** The plan text a mode-switch call carries: its rawInput.plan, else its text content; null when none. */
function planExitText(call: Pick<ToolCallUpdate, 'rawInput' | 'content'>): string | null {
  const raw = call.rawInput;
  if (
    typeof raw === 'object' &&
    raw !== null &&
    'plan' in raw &&
    typeof raw.plan === 'string' &&
    raw.plan.trim() !== ''
  )
    return raw.plan;
  const texts = (call.content ?? []).flatMap((c) =>
    c.type === 'content' && c.content.type === 'text' ? [c.content.text] : [],
  );
  const text = texts.join('\n').trim();
  return text === '' ? null : text;
}

const BOX: Readonly<Record<string, TodoStatus>> = {
  ' ': 'pending',
  '~': 'in_progress',
  x: 'completed',
  X: 'completed',
};
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[([ ~xX])\]\s+)?(.*)$/;

/**
 * A plan text as items: each Markdown list item (bulleted or numbered, at any depth, in
 * order; a checkbox gives its status, else pending) is one; a text without a list gives
 * one item per non-blank line (a heading without its `#` marks). Fitted as any agent's
 * list is (fit-todos.ts: trimmed, no empty item, a repeated text numbered).
 */
function planTextItems(text: string): TodoItem[] {
  const lines = text.split(/\r?\n/);
  const listed = lines.flatMap((line) => {
    const match = LIST_ITEM.exec(line);
    return match ? [{ content: match[2]!, status: BOX[match[1] ?? ' '] ?? 'pending' }] : [];
  });
  const items =
    listed.length > 0
      ? listed
      : lines.map((line) => ({ content: line.replace(/^\s*#+\s*/, ''), status: 'pending' as const }));
  return fitTodos(items).todos;
}

const ACP_REJECTED_NOTE = 'The user rejected your plan. Their feedback:';
const ACP_REJECTED_AFTER =
  'Revise the plan with this feedback and ask to leave plan mode again before you change anything.';
const ACP_APPROVED_NOTE = 'The user approved your plan after your last turn ended. Carry it out now.';

/**
 * What the agent's next prompt opens with of a plan decision it could not be told: the
 * latest review event after `toldThroughSeq` when it is a rejection (its feedback), or
 * an approval decided between turns. Null when there is none to tell.
 */
export function planDecisionNote(
  events: readonly SessionEvent[],
  toldThroughSeq: number,
): { seq: number; note: string } | null {
  let betweenTurns = true;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.seq <= toldThroughSeq) return null;
    // Read backwards: once past a turn's end, the events are inside that turn.
    if (event.type === 'turn/end' || event.type === 'turn/start') betweenTurns = false;
    if (event.type === 'plan/rejected')
      return { seq: event.seq, note: [ACP_REJECTED_NOTE, event.data.feedback, ACP_REJECTED_AFTER].join('\n') };
    if (event.type === 'plan/approved') return betweenTurns ? { seq: event.seq, note: ACP_APPROVED_NOTE } : null;
    if (event.type === 'plan/proposed') return null;
  }
  return null;
}

export interface AcpPlanExitTurn {
  turn: number;
  /** A step of the turn is open (the proposal and its decision land between steps). */
  stepOpen: boolean;
  signal: AbortSignal;
}

/**
 * One agent session's plan mode: its mode, the standing plan (a live fold of the log), and the plan exits it is asked.
 */
export class AcpPlanMode {
  private mode: string | null = null;
  private plan: PlanState | null;
  /** seq of the turn/start of the open turn (whether the agent wrote its plan in it). */
  private turnStartSeq = 0;

  constructor(
    private readonly session: Session,
    private readonly gate: PlanReviewGate | null,
  ) {
    let plan = todosProjection.init;
    for (const event of session.events) plan = todosProjection.apply(plan, event);
    this.plan = plan;
    session.subscribe((event) => {
      this.plan = todosProjection.apply(this.plan, event);
      if (event.type === 'turn/start') this.turnStartSeq = event.seq;
    });
  }

  /** The agent's `current_mode_update`. */
  modeChanged(modeId: string): void {
    this.mode = modeId;
  }

  /** The answer to a plan exit, or null when `params` is not one (it is asked as any permission). */
  async answer(
    params: RequestPermissionRequest,
    kind: string | undefined,
    turn: AcpPlanExitTurn,
  ): Promise<RequestPermissionResponse | null> {
    if (this.gate === null || kind !== 'switch_mode' || turn.stepOpen) return null;
    const text = planExitText(params.toolCall);
    if (text === null && (this.mode === null || !isPlanMode(this.mode))) return null;
    const wroteThisTurn = this.plan !== null && this.plan.by === 'model' && this.plan.seq > this.turnStartSeq;
    if (!wroteThisTurn && text !== null && planTextItems(text).length > 0)
      this.session.append('todo/write', { todos: planTextItems(text) });
    if (this.plan === null) return null;
    const outcome = await reviewPlan(this.session, turn.turn, () => this.plan, this.gate, turn.signal);
    switch (outcome) {
      case 'approved':
        return acpPermissionResponse({ decision: 'approve', by: 'user' }, params.options);
      case 'rejected':
      case 'later':
        return acpPermissionResponse({ decision: 'deny', by: 'user' }, params.options);
      case 'stopped':
        return { outcome: { outcome: 'cancelled' } };
    }
  }
}
