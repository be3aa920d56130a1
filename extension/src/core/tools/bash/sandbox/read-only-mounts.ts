// What bash's sandbox mounts read-only over the writable workspace, decided when each
// command starts:
// - the protected top-level names (SANDBOX_READ_ONLY): each existing one, and an
//   empty placeholder for each absent one (placeholders.ts), so none can be created;
// - every other path the protection rules cover, found by a bounded walk of the
//   workspace: a nested `.git` at any depth (a submodule, a nested repository), a nested `.vscode` and
//   whatever the user's `agentChecklist.tools.protectedPaths` globs match. The walk
//   looks at most WALK_MAX_ENTRIES entries, at most WALK_MAX_DEPTH folders deep, not
//   inside node_modules nor through a link to a folder, nor inside a path already
//   mounted. Beyond that bound a match is NOT read-only in the sandbox (the file tools
//   still apply the rules everywhere), and the first command's output in this process
//   says so. The walk is breadth first, so shallow repositories are found first. At most
//   MAX_MOUNTS paths are mounted; the rest likewise, and said likewise. A protected
//   path created by the command itself below the top level (`git init sub`) is
//   writable during that command: a mount cannot cover what does not exist yet; it is
//   moved out of the workspace once the command is gone (quarantine.ts). A
//   protected name that is a symbolic link is mounted at its target; the link itself
//   sits in the writable folder above it and can be replaced (a mount cannot cover a link).
// Each path is mounted through a descriptor, not a name: it is opened here with
// O_PATH | O_NOFOLLOW, and kept only when /proc/self/fd shows the descriptor leads to
// the very real path we resolved; bwrap mounts that descriptor (--ro-bind-fd) and
// checks the mount it made is that file (device and inode), and the sandbox checks
// each mount against /proc/self/mountinfo before the command runs (inside.ts). A path
// swapped for a link or renamed while the sandbox starts fails one of the three: the
// command is not run (this module throws sandboxNotStartedMessage, bwrap exits with
// "Race condition binding dirfd", or the sandbox exits 126 saying which path).
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { type ProtectedPaths } from '../../protected-paths';
import { takePlaceholder, type PlaceholderKind } from './placeholders';

export const WALK_MAX_ENTRIES = 10_000;
const WALK_MAX_DEPTH = 8;
const MAX_MOUNTS = 256;
/** Linux's O_PATH (x86, arm and most others; Node does not name it). */
const O_PATH = 0o10000000;

export interface ReadOnlyMount {
  /** The real path, inside the workspace. */
  path: string;
  /** A descriptor opened on it (O_PATH) in this process. */
  fd: number;
}

export interface ReadOnlyPlan {
  /** Parents before children; none inside another. */
  mounts: ReadOnlyMount[];
  /** What the command's output should say (the walk's or the mount count's bound reached). */
  notes: string[];
  /** The walk this plan was made from (what existed when the command started). */
  walk: ProtectedWalk;
  /** Closes the descriptors and removes the untouched placeholders. Call once the command is gone. */
  release(): void;
}

/** Why a command did not run: a protected path changed between its check and its mount. */
const sandboxNotStartedMessage = (real: string): string =>
  `the sandbox was not started: ${real} changed while it was being mounted ` +
  `read-only (replaced by a link, moved or removed). Nothing was run; try again.`;

const inside = (root: string, p: string): boolean => p.startsWith(root + path.sep);

/** Workspaces whose walk stopped at its bound, said once per process (it stops there on every command). */
const toldWalkBound = new Set<string>();

export interface ProtectedWalk {
  /** Workspace-relative paths the rules cover (the walk does not go on inside one). */
  found: string[];
  /** False when the walk stopped at WALK_MAX_ENTRIES. */
  complete: boolean;
}

/** The bounded walk (see above) over `root` for what `rules` cover. */
export async function walkProtected(root: string, rules: ProtectedPaths): Promise<ProtectedWalk> {
  const found: string[] = [];
  // breadth first: shallow repositories before deep ones
  const queue: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  let seen = 0;
  for (let next = 0; next < queue.length; next++) {
    const dir = queue[next];
    if (dir === undefined) break;
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(root, dir.rel), { withFileTypes: true });
    } catch {
      continue; // unreadable, or gone meanwhile
    }
    for (const entry of entries) {
      if (++seen > WALK_MAX_ENTRIES) return { found, complete: false };
      const rel = dir.rel === '' ? entry.name : `${dir.rel}/${entry.name}`;
      if (rules.protection(rel) !== null) found.push(rel);
      else if (entry.isDirectory() && entry.name !== 'node_modules' && dir.depth < WALK_MAX_DEPTH)
        queue.push({ rel, depth: dir.depth + 1 });
    }
  }
  return { found, complete: true };
}

/** A descriptor on `real` when it is still that path (no link, not moved); null otherwise. */
export function openExactly(real: string): number | null {
  let fd: number;
  try {
    fd = fs.openSync(real, O_PATH | fs.constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    if (fs.readlinkSync(`/proc/self/fd/${fd}`) === real && !fs.fstatSync(fd).isSymbolicLink()) return fd;
  } catch {
    // fall through: not verifiable, not used
  }
  fs.closeSync(fd);
  return null;
}

/** The read-only mounts for one command in `root` (the workspace's real path). */
export async function planReadOnlyMounts(
  root: string,
  topLevel: ReadonlyMap<string, PlaceholderKind>,
  rules: ProtectedPaths,
): Promise<ReadOnlyPlan> {
  const releases: (() => void)[] = [];
  const fds: number[] = [];
  const notes: string[] = [];
  const release = (): void => {
    for (const fd of fds.splice(0)) fs.closeSync(fd);
    for (const r of releases.splice(0)) r();
  };
  const present = new Set<string>(); // top-level names there (or held) now: each must be mounted
  try {
    for (const [name, kind] of topLevel) {
      const abs = path.join(root, name);
      const own = takePlaceholder(abs, kind);
      if (own) releases.push(own);
      if (own || fs.existsSync(abs)) present.add(name);
    }
    const walk = await walkProtected(root, rules);
    if (!walk.complete && !toldWalkBound.has(root))
      notes.push(
        `[sandbox: stopped looking for protected paths after ${WALK_MAX_ENTRIES} entries: a ` +
          `nested .git, .vscode or protectedPaths match beyond them is writable in this command]`,
      );
    if (!walk.complete) toldWalkBound.add(root);
    const candidates = new Set([...topLevel.keys(), ...walk.found]); // the walk finds the top-level names too
    const reals = new Set<string>();
    for (const rel of candidates) {
      const abs = path.join(root, rel);
      const real = await fsp.realpath(abs).catch(() => null);
      if (real !== null) {
        if (inside(root, real)) reals.add(real); // a link pointing outside needs nothing: outside is read-only already
      } else if ((await fsp.lstat(abs).catch(() => null))?.isSymbolicLink() === true) {
        notes.push(`[sandbox: ${rel} is a link to nothing: what it points to can be created in this command]`);
      } else if (present.delete(rel)) {
        throw new Error(sandboxNotStartedMessage(abs)); // its placeholder was there a moment ago
      } // else: a walked path gone meanwhile, nothing left to protect
    }
    const mounts: ReadOnlyMount[] = [];
    for (const real of [...reals].sort()) {
      if (mounts.some((m) => inside(m.path, real))) continue; // covered by a mount above it
      if (mounts.length === MAX_MOUNTS) {
        notes.push(`[sandbox: more than ${MAX_MOUNTS} protected paths: the rest are writable in this command]`);
        break;
      }
      const fd = openExactly(real);
      if (fd === null) throw new Error(sandboxNotStartedMessage(real));
      fds.push(fd);
      mounts.push({ path: real, fd });
    }
    return { mounts, notes, walk, release };
  } catch (error) {
    release();
    throw error;
  }
}
