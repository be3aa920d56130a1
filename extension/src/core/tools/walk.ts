// A depth-first walk of a workspace folder for list_files and grep, with ripgrep's
// meaning of ignored (ignore-rules.ts): an ignored or hidden entry is left out and
// counted, and an ignored folder is not descended; `.git` is never listed. It never
// follows a symbolic link to a folder (no loops, no escapes). The folder the walk
// starts in is taken whatever the rules say of it: a model that names an ignored
// folder gets what is in it.
import * as path from 'node:path';
import { lazyModule, type LazyRequire } from '../lazy-module';
import type { FolderRules, RuleReader } from './ignore-rules';
import type { Workspace } from './workspace';
import type { DirectoryEntry, EntryKind } from './workspace-fs';

export interface WalkEntry {
  /** `/`-separated, relative to the walk's start. */
  rel: string;
  abs: string;
  kind: EntryKind;
  symlink: boolean;
}

export interface WalkOptions {
  signal?: AbortSignal;
  /** Take ignored and hidden entries too (`.git` stays out). */
  includeIgnored?: boolean;
}

/** What a walk left out: ignored and hidden entries (an ignored folder counts once). */
export interface WalkCounts {
  left: number;
}

type IgnoreRulesModule = Pick<typeof import('./ignore-rules'), 'rulesAt' | 'readRuleFileFromDisk'>;
declare const require: LazyRequire<{ './ignore-rules': IgnoreRulesModule }>;
const rulesModule = lazyModule(() => require('./ignore-rules'));

const byName = (a: DirectoryEntry, b: DirectoryEntry): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A rule file inside the workspace, read through its confinement (a file that may not be read has no rules). */
function insideReader(workspace: Workspace): RuleReader {
  return async (file) => {
    try {
      return new TextDecoder().decode(await workspace.readFile(file));
    } catch {
      return null;
    }
  };
}

/**
 * The rules in force in the folder `dir` (a real path inside the workspace).
 * Loads the rules' bundle, dist/ignore-rules.js, at the first walk.
 */
export async function rulesFor(workspace: Workspace, dir: string): Promise<FolderRules> {
  const { rulesAt, readRuleFileFromDisk } = rulesModule();
  return rulesAt(
    dir,
    await workspace.realRoot(),
    insideReader(workspace),
    workspace.fs.nativePaths === true ? readRuleFileFromDisk : null,
    async (p) => (await workspace.fs.stat(p)) !== null,
  );
}

/**
 * The entries of `dir` a walk takes, in name order, and how many it left out; null
 * rules take all but `.git`. `entering`: `rules` are the parent's, and `dir`'s own rule
 * files are added (else `rules` already hold them).
 */
export async function takenEntries(
  workspace: Workspace,
  dir: string,
  rules: FolderRules | null,
  entering: boolean,
): Promise<{ entries: DirectoryEntry[]; left: number; rules: FolderRules | null }> {
  const all = (await workspace.readDirectory(dir)).sort(byName);
  if (rules === null) return { entries: all.filter((e) => e.name !== '.git'), left: 0, rules };
  const names = new Set(all.map((e) => e.name));
  const read = insideReader(workspace);
  const own = entering
    ? await rules.enter(dir, (file) => (names.has(path.basename(file)) ? read(file) : Promise.resolve(null)))
    : rules;
  const entries: DirectoryEntry[] = [];
  let left = 0;
  for (const e of all) {
    const verdict = own.verdict(path.join(dir, e.name), e.name, e.kind === 'directory' && !e.symlink);
    if (verdict === 'kept') entries.push(e);
    else if (verdict !== 'git') left++;
  }
  return { entries, left, rules: own };
}

/** Yields every entry below `start` the rules take, in name order; stops when the caller stops iterating. */
export async function* walk(
  workspace: Workspace,
  start: string,
  options: WalkOptions = {},
  counts: WalkCounts = { left: 0 },
): AsyncGenerator<WalkEntry> {
  const top = options.includeIgnored ? null : await rulesFor(workspace, start);
  const stack: { abs: string; rel: string; rules: FolderRules | null }[] = [{ abs: start, rel: '', rules: top }];
  while (stack.length) {
    if (options.signal?.aborted) return;
    const dir = stack.pop()!;
    let taken;
    try {
      taken = await takenEntries(workspace, dir.abs, dir.rules, dir.rel !== '');
    } catch {
      continue; // unreadable folder, or one that turned out to lead outside: skipped, like find 2>/dev/null
    }
    counts.left += taken.left;
    const subfolders: { abs: string; rel: string; rules: FolderRules | null }[] = [];
    for (const e of taken.entries) {
      const entry: WalkEntry = {
        rel: dir.rel ? `${dir.rel}/${e.name}` : e.name,
        abs: path.join(dir.abs, e.name),
        kind: e.kind,
        symlink: e.symlink,
      };
      if (e.kind === 'directory' && !e.symlink) subfolders.push({ abs: entry.abs, rel: entry.rel, rules: taken.rules });
      yield entry;
    }
    for (const sub of subfolders.reverse()) stack.push(sub);
  }
}

/** Text files only: a NUL byte in the first 8 KiB marks a binary file. */
export function looksBinary(data: Uint8Array): boolean {
  return data.subarray(0, 8192).includes(0);
}

const decoder = new TextDecoder('utf-8');
export function decodeText(data: Uint8Array): string {
  return decoder.decode(data);
}
