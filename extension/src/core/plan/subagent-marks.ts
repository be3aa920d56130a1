// The subagents the standing plan's turn started, as the plan ledger keeps them: each
// hangs under the one item in progress when it started (by content); none (null) when
// none or several were: hosts show it apart. Its outcome arrives with its end.
import type { SubagentOutcome } from '../domain-literals';
import type { EventEnvelope } from '../session/events';
import type { ItemTiming } from './item-timing';

/** A subagent started in the standing plan's turn. */
export interface SubagentMark {
  callId: string;
  childSessionId: string;
  description: string;
  startedAt: string;
  /** The plan item it works for (the one in progress when it started), or null. */
  anchor: string | null;
  /** null while it runs (or when its end was never logged). */
  outcome: SubagentOutcome | null;
}

/** `marks` with the subagent `event` starts, anchored by the items' timings. */
export function subagentStarted(
  marks: readonly SubagentMark[],
  timings: ReadonlyMap<string, ItemTiming>,
  event: EventEnvelope<'subagent/start'>,
): readonly SubagentMark[] {
  const active = [...timings].filter(([, t]) => t.inProgressSince !== null);
  const { callId, childSessionId, description } = event.data;
  const anchor = active.length === 1 ? active[0]![0] : null;
  return [...marks, { callId, childSessionId, description, startedAt: event.ts, anchor, outcome: null }];
}

/** `marks` with the outcome of the subagent `event` ends; the same array when it is not one of them. */
export function subagentEnded(
  marks: readonly SubagentMark[],
  event: EventEnvelope<'subagent/end'>,
): readonly SubagentMark[] {
  const { childSessionId, outcome } = event.data;
  if (!marks.some((s) => s.childSessionId === childSessionId)) return marks;
  return marks.map((s) => (s.childSessionId === childSessionId ? { ...s, outcome } : s));
}

/** An item run in parallel (item-run-events.ts): its child session hangs under the item it runs. */
export function itemChildStarted(
  marks: readonly SubagentMark[],
  event: EventEnvelope<'item-run/start'>,
): readonly SubagentMark[] {
  const { childSession, content } = event.data;
  const mark: SubagentMark = {
    callId: `item-run:${childSession}`,
    childSessionId: childSession,
    description: content,
    startedAt: event.ts,
    anchor: content,
    outcome: null,
  };
  return [...marks, mark];
}

/** An item's child run ended: its outcome in the subagents' words. */
export function itemChildEnded(
  marks: readonly SubagentMark[],
  event: EventEnvelope<'item-run/end'>,
): readonly SubagentMark[] {
  const { childSession, outcome } = event.data;
  if (!marks.some((s) => s.childSessionId === childSession)) return marks;
  const ended: SubagentOutcome = outcome === 'completed' ? 'completed' : outcome === 'stopped' ? 'aborted' : 'error';
  return marks.map((s) => (s.childSessionId === childSession ? { ...s, outcome: ended } : s));
}
