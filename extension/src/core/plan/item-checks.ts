// Each item's check (session/check-events.ts) folded from the log: the check set on it
// (by the user, or from the plan file, then waiting for acceptance), its last result,
// and whether the workspace changed after that result. A pure fold (live = replay);
// items are matched by their itemId (item-identity.ts): an event's `itemId` when it
// names an item of the latest version, else the first item with its text; an event
// naming no item changes nothing. What the state means for each item (passed, stale…)
// is check-states.ts.
// The workspace changed after a result when, after it, the checkpoints name two
// different commits (the first one after a result is the workspace as the check saw
// it: a checkpoint precedes every call that may change files, core/checkpoints/) or
// changes were reverted.
import type { SessionEvent } from '../session/events';
import type { CheckOrigin } from '../session/check-events';
import type { Projection } from '../session/projection';
import { itemIdentityProjection, type IdentifiedVersion } from './item-identity';

export interface ItemCheck {
  readonly command: string;
  readonly from: CheckOrigin;
  /** A user's check is accepted; a file's once the user accepted it (plan/check-accepted). */
  readonly accepted: boolean;
  /** The seq of the plan/check-set (0: the default setting's check, which is in no log). */
  readonly setSeq: number;
}

export interface CheckRun {
  readonly command: string;
  readonly exitCode: number | null;
  /** The seq the result counts from: the log's last seq as the check started (its own seq when not recorded). */
  readonly seq: number;
  readonly at: string;
  /** The first checkpoint's commit after the result (null: none yet). */
  readonly seenCommit: string | null;
  readonly changedAfter: boolean;
}

export interface ItemChecksState {
  readonly version: IdentifiedVersion | null;
  /** By itemId: the item's own check (the default setting's is not here). */
  readonly checks: ReadonlyMap<string, ItemCheck>;
  /** By itemId: its check's last result. */
  readonly runs: ReadonlyMap<string, CheckRun>;
}

type CheckEvent = Extract<SessionEvent, { type: 'plan/check-set' | 'plan/check-accepted' | 'check/result' }>;

export const itemChecksProjection: Projection<ItemChecksState> = {
  init: { version: null, checks: new Map(), runs: new Map() },
  apply(state, event: SessionEvent) {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit':
        return withVersion(state, itemIdentityProjection.apply(state.version, event));
      case 'plan/check-set':
      case 'plan/check-accepted':
      case 'check/result':
        return applyCheckEvent(state, event);
      case 'checkpoint/created':
        return mapRuns(state, (run) => seeCommit(run, event.data.commit));
      case 'changes/reverted':
        return mapRuns(state, (run) => (run.changedAfter ? run : { ...run, changedAfter: true }));
      default:
        return state;
    }
  },
};

/** The itemId an event names in `version`, or null. */
function namedItemId(
  version: IdentifiedVersion | null,
  named: { item: string; itemId?: string | undefined },
): string | null {
  const items = version?.items ?? [];
  const byId = named.itemId === undefined ? undefined : items.find((i) => i.itemId === named.itemId);
  return (byId ?? items.find((i) => i.content === named.item))?.itemId ?? null;
}

function applyCheckEvent(state: ItemChecksState, event: CheckEvent): ItemChecksState {
  const id = namedItemId(state.version, event.data);
  if (id === null) return state;
  const had = state.checks.get(id);
  switch (event.type) {
    case 'plan/check-set': {
      const { command, from = 'user' } = event.data;
      const checks = new Map(state.checks);
      if (command === null) checks.delete(id);
      else {
        // The file saying again what was accepted keeps it accepted.
        const kept = had?.accepted === true && had.command === command;
        checks.set(id, { command, from, accepted: from === 'user' || kept, setSeq: event.seq });
      }
      return { ...state, checks };
    }
    case 'plan/check-accepted': {
      if (had === undefined || had.accepted || had.command !== event.data.command) return state;
      return { ...state, checks: new Map(state.checks).set(id, { ...had, accepted: true }) };
    }
    case 'check/result': {
      const { command, exitCode, startSeq = event.seq } = event.data;
      const run: CheckRun = { command, exitCode, seq: startSeq, at: event.ts, seenCommit: null, changedAfter: false };
      return { ...state, runs: new Map(state.runs).set(id, run) };
    }
  }
}

/** The new version; checks and runs of items no longer in it are dropped (the state stays the plan's size). */
function withVersion(state: ItemChecksState, version: IdentifiedVersion | null): ItemChecksState {
  const ids = new Set(version?.items.map((i) => i.itemId));
  const keep = <V>(map: ReadonlyMap<string, V>): ReadonlyMap<string, V> =>
    [...map.keys()].every((k) => ids.has(k)) ? map : new Map([...map].filter(([k]) => ids.has(k)));
  return { version, checks: keep(state.checks), runs: keep(state.runs) };
}

function seeCommit(run: CheckRun, commit: string): CheckRun {
  if (run.seenCommit === null) return { ...run, seenCommit: commit };
  return run.changedAfter || run.seenCommit === commit ? run : { ...run, changedAfter: true };
}

function mapRuns(state: ItemChecksState, next: (run: CheckRun) => CheckRun): ItemChecksState {
  if (state.runs.size === 0) return state;
  let changed = false;
  const runs = new Map<string, CheckRun>();
  for (const [id, run] of state.runs) {
    const after = next(run);
    changed ||= after !== run;
    runs.set(id, after);
  }
  return changed ? { ...state, runs } : state;
}
