// Taking an item's changes back. An item revert restores the files the item changed
// to their state before it started; a file changed again after the item completed is
// merged (git merge-file: the later changes kept, the item's taken out), and when a
// later change touches the same lines (or the file is binary, created or deleted on
// either side) the whole revert is refused with those files: nothing is written. A
// workspace restore puts every file changed since the item's first checkpoint back.
// Nothing is written before every file's new content is known.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PlanEditor, PlanEditOutcome } from '../plan/plan-editor';
import type { SessionEvent } from '../session/events';
import type { Session } from '../session/session';
import { itemRange, type ResolvedRange } from './item-changes';
import type { ChangedFile, ShadowRepo } from './shadow-repo';

export type RevertPlan =
  | { kind: 'nothing' }
  | { kind: 'conflict'; files: string[] }
  | { kind: 'ready'; scope: 'item' | 'workspace'; checkpoint: string; files: string[]; apply(): Promise<void> };

export async function planItemRevert(
  repo: ShadowRepo,
  events: Iterable<SessionEvent>,
  item: string,
): Promise<RevertPlan> {
  const range = await itemRange(repo, events, item);
  if (range === null) return { kind: 'nothing' };
  const own = await repo.changedFiles(range.from, range.to);
  if (own.length === 0) return { kind: 'nothing' };
  const now = await repo.snapshot();
  const later = new Map(
    (range.to === now ? [] : await repo.changedFiles(range.to, now)).map((file) => [file.path, file]),
  );
  const merged = new Map<string, Buffer>();
  const conflicts: string[] = [];
  for (const file of own) {
    const after = later.get(file.path);
    if (after === undefined) continue;
    const result = await mergeBack(repo, range, now, file, after);
    if (result === null) conflicts.push(file.path);
    else merged.set(file.path, result);
  }
  if (conflicts.length > 0) return { kind: 'conflict', files: conflicts };
  return {
    kind: 'ready',
    scope: 'item',
    checkpoint: range.from,
    files: own.map((file) => file.path),
    apply: async () => {
      await putBack(
        repo,
        range.from,
        own.filter((file) => !merged.has(file.path)),
      );
      for (const [file, bytes] of merged) await fs.writeFile(path.join(repo.workspace, file), bytes);
    },
  };
}

export async function planWorkspaceRestore(
  repo: ShadowRepo,
  events: Iterable<SessionEvent>,
  item: string,
): Promise<RevertPlan> {
  const range = await itemRange(repo, events, item);
  if (range === null) return { kind: 'nothing' };
  const now = await repo.snapshot();
  const changed = await repo.changedFiles(range.from, now);
  if (changed.length === 0) return { kind: 'nothing' };
  return {
    kind: 'ready',
    scope: 'workspace',
    checkpoint: range.from,
    files: changed.map((file) => file.path),
    apply: () => putBack(repo, range.from, changed),
  };
}

/** What a revert that was applied did, as `changes/reverted` records it. */
export interface RevertDone {
  scope: 'item' | 'workspace';
  checkpoint: string;
  files: string[];
}

/**
 * Logs a revert that was applied: `changes/reverted`, then the user edit that puts the
 * item back to pending (the model is told as of any user edit). Only while no step is
 * open (a revert is the user's, between steps or turns).
 */
export async function recordRevert(
  session: Session,
  editor: PlanEditor,
  item: string,
  done: RevertDone,
): Promise<PlanEditOutcome> {
  session.append('changes/reverted', { item, scope: done.scope, checkpoint: done.checkpoint, files: done.files });
  return editor.submit({ kind: 'status', content: item, status: 'pending' });
}

/** Files back to `commit`: the ones it has are checked out, the ones it did not have are deleted. */
async function putBack(repo: ShadowRepo, commit: string, files: readonly ChangedFile[]): Promise<void> {
  await repo.restore(
    commit,
    files.filter((file) => file.status !== 'A').map((file) => file.path),
  );
  for (const file of files) if (file.status === 'A') await fs.rm(path.join(repo.workspace, file.path), { force: true });
}

/** The file now with the item's change taken out and the later changes kept; null when they overlap. */
async function mergeBack(
  repo: ShadowRepo,
  range: ResolvedRange,
  now: string,
  own: ChangedFile,
  after: ChangedFile,
): Promise<Buffer | null> {
  if (own.status !== 'M' || after.status !== 'M') return null;
  const [before, done, current] = await Promise.all([
    repo.fileAt(range.from, own.path),
    repo.fileAt(range.to, own.path),
    repo.fileAt(now, own.path),
  ]);
  if ([before, done, current].some(isBinary)) return null;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-checklist-revert-'));
  try {
    const [currentFile, baseFile, otherFile] = ['current', 'base', 'other'].map((name) => path.join(folder, name)) as [
      string,
      string,
      string,
    ];
    await Promise.all([
      fs.writeFile(currentFile, current),
      fs.writeFile(baseFile, done),
      fs.writeFile(otherFile, before),
    ]);
    const result = await repo.git.run(['merge-file', '-p', '--quiet', currentFile, baseFile, otherFile]);
    return result.code === 0 ? result.stdout : null;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
