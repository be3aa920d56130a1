// What an item changed: the files and the diff between the two ends of its change
// range (plan/change-range.ts), read from the shadow repository. An open end ("the
// workspace now") is a snapshot of the workspace taken for the question.
import type { SessionEvent } from '../session/events';
import { changeRange, type ChangeRange } from '../plan/change-range';
import type { ChangedFile, ShadowRepo } from './shadow-repo';

/** Both ends of a range as commits; null when the item has no checkpoint since it started (it changed nothing). */
export interface ResolvedRange {
  range: ChangeRange;
  from: string;
  to: string;
}

export async function resolveRange(repo: ShadowRepo, range: ChangeRange | null): Promise<ResolvedRange | null> {
  if (range === null || range.from === null) return null;
  return { range, from: range.from, to: range.to ?? (await repo.snapshot()) };
}

export async function itemRange(
  repo: ShadowRepo,
  events: Iterable<SessionEvent>,
  item: string,
): Promise<ResolvedRange | null> {
  return resolveRange(repo, changeRange(events, item));
}

/** Both sides of an item's changes for a diff view: `to` null is the workspace now. */
export interface ItemChangeSides {
  from: string;
  to: string | null;
  /** `to`, or the snapshot of the workspace now taken for the question (a file the item deleted is gone from it). */
  end: string;
  files: ChangedFile[];
}

/** The item's changed files with the commits to show them from; null when it changed nothing. */
export async function itemChangeSides(
  repo: ShadowRepo,
  events: Iterable<SessionEvent>,
  item: string,
): Promise<ItemChangeSides | null> {
  const range = changeRange(events, item);
  const resolved = await resolveRange(repo, range);
  if (resolved === null) return null;
  const files = await repo.changedFiles(resolved.from, resolved.to);
  return files.length === 0 ? null : { from: resolved.from, to: resolved.range.to, end: resolved.to, files };
}
