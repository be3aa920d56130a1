// Every plan version of a session: each todo/write (by the model) and todo/user-edit
// (by the user), in log order, with its time and what changed against the standing
// plan just before it (planChanges). `PlanHistoryFolder` takes events one at a time
// (a live host feeds it appends; a replay feeds it the log), so live = replay by
// construction; it keeps one entry per version, the standing plan and its drift from
// an approved version (plan first, plan-drift.ts), nothing more.
import type { SessionEvent, UserEditOrigin } from '../session/events';
import { identifyVersion, type IdentifiedVersion } from './item-identity';
import { planChanges, type PlanChange } from './plan-changes';
import { nextDrift, type PlanDrift } from './plan-drift';
import type { TodoItem } from './todo-schema';
import { todosProjection, type PlanAuthor, type PlanState } from './todos-projection';

export interface PlanVersion {
  seq: number;
  ts: string;
  by: PlanAuthor;
  todos: readonly TodoItem[];
  changes: PlanChange[];
  /** A user edit from the plan file or a hand-over (absent: the model's write, or the user's own edit). */
  origin?: UserEditOrigin;
  /** Plan first: this version against the approved one, while an approval stands (else null). */
  drift: PlanDrift | null;
  /** This version's items with their ids (item-identity.ts), and the version before's (null: the first). */
  identified: { readonly before: IdentifiedVersion | null; readonly now: IdentifiedVersion };
}

export class PlanHistoryFolder {
  private plan: PlanState | null = todosProjection.init;
  private drift: PlanDrift | null = null;
  private identified: IdentifiedVersion | null = null;
  private readonly list: PlanVersion[] = [];

  get versions(): readonly PlanVersion[] {
    return this.list;
  }

  /** Takes the next event; returns the version it made, if any. */
  apply(event: SessionEvent): PlanVersion | null {
    const before = this.plan;
    this.plan = todosProjection.apply(this.plan, event);
    this.drift = nextDrift(this.drift, before, this.plan, event);
    if (event.type !== 'todo/write' && event.type !== 'todo/user-edit') return null;
    const by: PlanAuthor = event.type === 'todo/write' ? 'model' : 'user';
    const identifiedBefore = this.identified;
    this.identified = identifyVersion(identifiedBefore, event.seq, event.data.todos);
    const version: PlanVersion = {
      seq: event.seq,
      ts: event.ts,
      by,
      todos: event.data.todos,
      changes: planChanges(before?.todos ?? null, event.data.todos, by),
      drift: this.drift,
      identified: { before: identifiedBefore, now: this.identified },
    };
    if (event.type === 'todo/user-edit' && event.data.origin) version.origin = event.data.origin;
    this.list.push(version);
    return version;
  }
}

/** Whether `events` hold a plan version (a todo/write or a todo/user-edit): the session has a plan history to show. */
export function hasPlanVersion(events: Iterable<SessionEvent>): boolean {
  for (const event of events) if (event.type === 'todo/write' || event.type === 'todo/user-edit') return true;
  return false;
}
