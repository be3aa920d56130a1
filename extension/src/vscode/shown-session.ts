// The session the surfaces show: its open log and the live folds over it (the
// standing plan, the plan timeline, the transcript items). Each listener runs only
// for a new state; disposing stops the folds but leaves the log to its owner.
import { planLedgerProjection, type PlanLedger } from '../core/plan/plan-ledger';
import type { PlanTimeline } from '../core/plan/timeline';
import { planTimelineProjection } from '../core/plan/timeline';
import { standingTodos, todosProjection, type PlanState, type StandingPlan } from '../core/plan/todos-projection';
import { Owner } from '../core/disposable';
import { LiveProjection } from '../core/projection/projection';
import { type TranscriptItem } from '../core/protocol/transcript';
import { IN_STEP_TYPES, TranscriptFolder, transcriptFromEvents } from '../core/presenters/transcript-folder';
import type { SessionEvent } from '../core/session/events';
import { readTailPage } from '../core/store/tail-reader';
import type { OpenedSession } from './opened-session';

/** Events per transcript page the Agent view gets. */
const PAGE_EVENTS = 200;

export interface TranscriptPage {
  items: TranscriptItem[];
  /** Byte offset for the page before; null at the start of the log. */
  cursor: number | null;
}

/**
 * The transcript page of the log's last PAGE_EVENTS events before byte `cursor`
 * (default: the end), widened back to the start of its first step so no tool call
 * is cut in two: each call's item is whole on one page, as its presenter made it.
 */
export function readTranscriptPage(file: string, cursor?: number): TranscriptPage {
  const page = readTailPage(file, PAGE_EVENTS, cursor);
  const events = page.events;
  let start = page.cursor;
  while (start !== null && events[0] && IN_STEP_TYPES.has(events[0].type)) {
    const before = readTailPage(file, PAGE_EVENTS, start);
    let i = before.events.length;
    while (i > 0 && IN_STEP_TYPES.has(before.events[i - 1]!.type)) i--;
    // i > 0: the event at i - 1 starts the step; take from there. i === 0: the whole page lies in the step.
    const take = before.events.slice(Math.max(0, i - 1));
    events.unshift(...take);
    start = i > 0 ? (before.starts[i - 1] ?? null) : before.cursor;
    if (i > 0) break;
  }
  return { items: transcriptFromEvents(events), cursor: start };
}

export interface ShownSessionListener {
  plan(plan: StandingPlan): void;
  timeline(timeline: PlanTimeline): void;
  /** The plan's ledger changed (who added each item and when, its times, the dropped items). */
  ledger(ledger: PlanLedger): void;
  items(items: TranscriptItem[]): void;
  /** Every appended event, after the folds took it and before its transcript items. */
  event(event: SessionEvent): void;
}

export class ShownSession extends Owner {
  private readonly plan: LiveProjection<PlanState | null>;
  private readonly timeline: LiveProjection<PlanTimeline>;
  private readonly ledger: LiveProjection<PlanLedger>;

  constructor(
    readonly opened: OpenedSession,
    listener: ShownSessionListener,
  ) {
    super();
    const session = opened.session;
    this.plan = this.register(new LiveProjection(todosProjection, session));
    this.plan.onChange((state) => listener.plan(standingTodos(state)));
    this.timeline = this.register(new LiveProjection(planTimelineProjection, session));
    this.timeline.onChange((state) => listener.timeline(state));
    this.ledger = this.register(new LiveProjection(planLedgerProjection, session));
    this.ledger.onChange((state) => listener.ledger(state));
    const folder = new TranscriptFolder();
    folder.catchUp(session.events); // knows the open turn's calls; parses no answer
    this.register(
      session.subscribe((event) => {
        const items = folder.apply(event);
        listener.event(event);
        if (items.length) listener.items(items);
      }),
    );
  }

  get standingPlan(): StandingPlan {
    return standingTodos(this.plan.state);
  }

  /** The standing plan with who wrote it (the model or the user). */
  get planState(): PlanState | null {
    return this.plan.state;
  }

  get planTimeline(): PlanTimeline {
    return this.timeline.state;
  }

  get planLedger(): PlanLedger {
    return this.ledger.state;
  }

  // dispose() (Owner) stops following the log; the log itself stays open: its owner closes it.
}
