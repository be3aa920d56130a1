// The standing plan's timeline, derived from the log (never from a clock of the
// host's): since when each in-progress item of the standing plan has been
// in_progress, when the turn that wrote it ended, and the subagents that turn
// started, each with the plan item it hangs under. A projection (pure, same
// reference for events it ignores), so a live fold and a replay of a stored log
// agree, like the todos projection it follows.
//
// Items have no identity but their content (the contract): an item "stays" in
// progress across writes while a later write lists the same content in_progress.
// A write that lists it in another status, or drops it, ends the run; a later
// in_progress starts a new one. A todo/user-edit counts like a write. turn/start
// clears everything (the plan belongs to the turn that wrote it) unless the plan's
// latest event is a user edit: that plan carries into the new turn, and its
// in-progress items start counting again from the turn/start. turn/end freezes the
// clocks (nothing works on an item once its turn is over).
import type { Projection } from '../projection/projection';
import type { SessionEvent, SessionEventMap } from '../session/events';

export type SubagentOutcome = SessionEventMap['subagent/end']['outcome'];

/** A subagent started in the standing plan's turn. */
export interface SubagentMark {
  callId: string;
  childSessionId: string;
  description: string;
  startedAt: string;
  /**
   * The plan item the subagent works for: the one item that was in progress when it
   * started (by content). null when none or several were: hosts show it apart.
   */
  anchor: string | null;
  /** null while it runs (or when its end was never logged). */
  outcome: SubagentOutcome | null;
}

export interface PlanTimeline {
  /** content -> `ts` of the todo/write from which the item has been in_progress without a break. */
  readonly inProgressSince: ReadonlyMap<string, string>;
  /** `ts` of the turn/end of the current turn; null while it is open or before any turn. */
  readonly turnEndedAt: string | null;
  readonly subagents: readonly SubagentMark[];
  /** Who wrote the plan's latest list (null before any); a user's plan carries across turn/start. */
  readonly planBy: 'model' | 'user' | null;
}

const EMPTY: PlanTimeline = { inProgressSince: new Map(), turnEndedAt: null, subagents: [], planBy: null };

export const planTimelineProjection: Projection<PlanTimeline> = {
  key: 'plan-timeline',
  stateVersion: 1,
  init: EMPTY,
  apply(state: PlanTimeline, event: SessionEvent): PlanTimeline {
    switch (event.type) {
      case 'turn/start': {
        if (state.planBy !== 'user') return state === EMPTY ? state : EMPTY;
        const since = new Map<string, string>();
        for (const content of state.inProgressSince.keys()) since.set(content, event.ts);
        return { inProgressSince: since, turnEndedAt: null, subagents: [], planBy: 'user' };
      }
      case 'todo/write':
      case 'todo/user-edit': {
        const since = new Map<string, string>();
        for (const item of event.data.todos) {
          if (item.status !== 'in_progress') continue;
          since.set(item.content, state.inProgressSince.get(item.content) ?? event.ts);
        }
        return { ...state, inProgressSince: since, planBy: event.type === 'todo/write' ? 'model' : 'user' };
      }
      case 'turn/end':
        return { ...state, turnEndedAt: event.ts };
      case 'subagent/start': {
        const active = [...state.inProgressSince.keys()];
        const mark: SubagentMark = {
          callId: event.data.callId,
          childSessionId: event.data.childSessionId,
          description: event.data.description,
          startedAt: event.ts,
          anchor: active.length === 1 ? (active[0] ?? null) : null,
          outcome: null,
        };
        return { ...state, subagents: [...state.subagents, mark] };
      }
      case 'subagent/end': {
        const { childSessionId, outcome } = event.data;
        if (!state.subagents.some((s) => s.childSessionId === childSessionId)) return state;
        return { ...state, subagents: state.subagents.map((s) => (s.childSessionId === childSessionId ? { ...s, outcome } : s)) };
      }
      default:
        return state;
    }
  },
};

/** How long an item has been in progress: from its start to the turn's end, or to `now` while the turn is open. */
export function inProgressElapsedMs(timeline: PlanTimeline, content: string, now: Date): number | null {
  const since = timeline.inProgressSince.get(content);
  if (since === undefined) return null;
  const end = timeline.turnEndedAt === null ? now.getTime() : Date.parse(timeline.turnEndedAt);
  return Math.max(0, end - Date.parse(since));
}

/** Whether an elapsed time is still counting (an item is in progress and its turn is open). */
export function isTicking(timeline: PlanTimeline): boolean {
  return timeline.turnEndedAt === null && timeline.inProgressSince.size > 0;
}

/** Hours, minutes and seconds of a duration, for a host to word in its language. */
export function durationParts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.floor(Math.max(0, ms) / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
