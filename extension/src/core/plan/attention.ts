// When the agent needs the user and the user may not be looking: a turn ended, an
// approval waits, or a plan-first proposal waits for its decision, while the Agent view
// is hidden or the window has no focus. The decision and the text are pure (the adapter,
// vscode/status/attention-notifier.ts, reads the window's state and shows the
// notification); the plan part of the text is the status bar's summary (summaries.ts),
// never a second one.
import type { TodoItem, TurnEndKind } from '../domain-literals';
import { format } from '../text-template';
import { ROW_HEAD_TEMPLATE, statusBarSummary } from './summaries';

export type AttentionEvent =
  | { kind: 'turn-end'; reason: TurnEndKind }
  | { kind: 'approval'; tool: string; summary: string }
  | { kind: 'plan-proposed' };

export interface AttentionState {
  /** agentChecklist.notifications */
  enabled: boolean;
  /** Some page of the Agent view (the side bar's or the editor tab) is visible. */
  viewVisible: boolean;
  /** The window has the OS focus. */
  windowFocused: boolean;
}

/** Notify only when enabled and the user may not see the view: it is hidden, or the window is not focused. */
export function shouldNotify(state: AttentionState): boolean {
  return state.enabled && (!state.viewVisible || !state.windowFocused);
}

export interface AttentionTemplates {
  turnEnd: Record<TurnEndKind, string>;
  /** `{0}`: the tool, `{1}`: what it would do. */
  approval: string;
  /** A plan-first proposal waits for the user's decision in a turn still under way. */
  planProposed: string;
  /** `{0}`: the notice, `{1}`: the plan's summary. */
  withPlan: string;
  /** The summary's head, `{0}/{1} done` (the todo_write row's). */
  planHead: string;
}

const ENGLISH_ATTENTION_TEMPLATES: AttentionTemplates = {
  turnEnd: {
    completed: 'The agent finished its turn.',
    aborted: 'The agent stopped.',
    error: 'The agent’s turn failed.',
    'max-steps': 'The agent stopped at the step limit.',
    interrupted: 'The agent’s turn was interrupted.',
    'awaiting-approval': 'The agent proposed a plan and waits for your decision.',
  },
  approval: 'The agent waits for your approval to run {0}: {1}',
  planProposed: 'The agent proposed a plan and waits for your decision: approve, edit or reject it.',
  withPlan: '{0} Plan: {1}',
  planHead: ROW_HEAD_TEMPLATE,
};

/** A notification is one glance: what the tool would do is cut to this many characters. */
const MAX_SUMMARY = 160;

export interface AttentionNotice {
  /** A waiting approval or proposal blocks the agent: a warning; a turn's end is information. */
  level: 'info' | 'warning';
  text: string;
}

/** The notification for `event`, with the standing plan's summary when a plan stands. */
export function attentionNotice(
  event: AttentionEvent,
  plan: readonly TodoItem[] | null,
  templates: AttentionTemplates = ENGLISH_ATTENTION_TEMPLATES,
): AttentionNotice {
  const head =
    event.kind === 'turn-end'
      ? templates.turnEnd[event.reason]
      : event.kind === 'plan-proposed'
        ? templates.planProposed
        : format(templates.approval, event.tool, cut(event.summary));
  const summary = statusBarSummary(plan, templates.planHead);
  return {
    level: event.kind === 'turn-end' ? 'info' : 'warning',
    text: summary === null ? head : format(templates.withPlan, head, summary),
  };
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_SUMMARY ? line : `${line.slice(0, MAX_SUMMARY - 1)}…`;
}
