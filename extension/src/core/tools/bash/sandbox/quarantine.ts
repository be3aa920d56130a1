// Protected paths a sandboxed command CREATED: a mount covers only what exists when
// the command starts, so `git init sub`, a hook in a new nested repository or a file
// matching the user's protectedPaths globs is writable while the command runs. Once
// the command is gone (its pids cgroup removed, its PID namespace ended) the same
// bounded walk as at the start runs again, and every protected path that is new (not
// there at the start, or there as another file: device, inode, type, birth) is MOVED out of the
// workspace into a quarantine folder, so nothing in it runs later (host git, the
// editor, direnv, CI), and the command's result says what was moved and where.
// - Moved, not deleted: a nested repository the user wanted (`git clone` into the
//   workspace) can be looked at and moved back. The quarantine is
//   `$XDG_STATE_HOME/agent-checklist/quarantine` (default ~/.local/state/…), else the
//   system temp folder when that is inside the workspace: one folder per command,
//   mode 0700, each entry renamed `<n>-<name>` (a moved `.git` is not named `.git`
//   there, so no git finds it as a repository) and listed in its MOVED.txt
//   (quarantine-moves.ts).
// - Deleted when it cannot be moved in one rename (the quarantine is on another file
//   system, common when the workspace is a container's bind mount): copying a whole
//   repository at the end of a command is too slow, and leaving it is what this is for.
// - Each move goes through a descriptor on the parent folder, checked to be the real
//   folder the walk saw, so a folder above swapped for a link (by another command
//   still running) does not move or delete something outside the workspace.
// - A protected link that led nowhere at the start (noted then) and leads to a path
//   inside the workspace now: that path, which the command made, is moved.
// - The top-level names (`.git`, `.vscode`, …) were read-only mounts or placeholders
//   for the whole command, so what changed inside them came from the host; but one
//   that was a link is mounted at its target, and the link itself can be replaced (by
//   a real `.vscode` folder): a top-level name there at the start as another file
//   now is moved. One absent at the start without a placeholder
//   (the workspace root not writable) could not be made by the command: left alone.
// - Same bounds as the first walk (read-only-mounts.ts): not inside node_modules,
//   not through links to folders, WALK_MAX_DEPTH deep, WALK_MAX_ENTRIES entries. When
//   the first walk stopped at its bound, a match it did not see may be the user's
//   own: only one whose ctime is from this command on (made, moved or changed by it)
//   is moved. When the second walk stops at its bound and the first did not, the
//   command made that many entries: the result says what was not looked at.
// - A path created by the host while the command ran (the user's own `git init sub`)
//   cannot be told apart from the command's: it is moved too, and said.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProtectedPaths } from '../../protected-paths';
import { walkProtected, WALK_MAX_ENTRIES, type ProtectedWalk } from './read-only-mounts';
import { carryOut, inside, type Move } from './quarantine-moves';

/** Slack for the ctime test: file times come from a coarse kernel clock, a little behind Date.now(). */
const CTIME_SLACK_MS = 1000;
/**
 * A file's identity: device and inode, and its type and birth time too, because a
 * file system reuses a freed inode at once (a link removed and a folder made in its
 * place can have the same number). Birth time is 0 where the file system has none.
 */
interface Identity {
  dev: number;
  ino: number;
  type: number;
  birth: number;
}

const identity = (st: fs.Stats): Identity => ({
  dev: st.dev,
  ino: st.ino,
  type: st.mode & fs.constants.S_IFMT,
  birth: st.birthtimeMs,
});
const same = (a: Identity, b: Identity): boolean =>
  a.dev === b.dev && a.ino === b.ino && a.type === b.type && a.birth === b.birth;

interface Seen extends Identity {
  /** A link that led nowhere (or not into the workspace) at the start. */
  dangling: boolean;
}

/** What was protected when the command started, to tell what it created. */
export interface ProtectedSnapshot {
  root: string;
  rules: ProtectedPaths;
  topLevel: readonly string[];
  seen: ReadonlyMap<string, Seen>;
  complete: boolean;
  since: number;
}

const topLevelOf = (rel: string): string => rel.split('/', 1)[0] ?? rel;

function leadsInside(root: string, abs: string): string | null {
  try {
    const real = fs.realpathSync(abs);
    return inside(root, real) ? real : null;
  } catch {
    return null;
  }
}

function lstatOrNull(abs: string): fs.Stats | null {
  try {
    return fs.lstatSync(abs);
  } catch {
    return null;
  }
}

/** Taken right before the command is spawned, from the walk its mounts were planned from. */
export function snapshotProtected(
  root: string,
  rules: ProtectedPaths,
  topLevel: readonly string[],
  walk: ProtectedWalk,
): ProtectedSnapshot {
  const seen = new Map<string, Seen>();
  for (const rel of new Set([...topLevel, ...walk.found])) {
    const abs = path.join(root, rel);
    try {
      const st = fs.lstatSync(abs);
      seen.set(rel, { ...identity(st), dangling: st.isSymbolicLink() && leadsInside(root, abs) === null });
    } catch {
      // absent: anything there later is new
    }
  }
  return { root, rules, topLevel, seen, complete: walk.complete, since: Date.now() - CTIME_SLACK_MS };
}

async function createdSince(snap: ProtectedSnapshot): Promise<{ moves: Move[]; complete: boolean }> {
  const { root } = snap;
  const moves: Move[] = [];
  const target = (rel: string): void => {
    const real = leadsInside(root, path.join(root, rel));
    if (real !== null)
      moves.push({ rel: path.relative(root, real), via: rel, parent: path.dirname(real), name: path.basename(real) });
  };
  for (const rel of snap.topLevel) {
    const was = snap.seen.get(rel);
    const st = was === undefined ? null : lstatOrNull(path.join(root, rel));
    if (was === undefined || st === null) continue;
    if (!same(was, identity(st))) moves.push({ rel, parent: root, name: rel });
    else if (was.dangling) target(rel);
  }
  const walk = await walkProtected(root, snap.rules);
  for (const rel of walk.found) {
    if (snap.topLevel.includes(topLevelOf(rel))) continue;
    const abs = path.join(root, rel);
    const st = lstatOrNull(abs);
    if (st === null) continue;
    const was = snap.seen.get(rel);
    if (was !== undefined && same(was, identity(st))) {
      if (was.dangling) target(rel);
    } else if (snap.complete || st.ctimeMs >= snap.since) {
      moves.push({ rel, parent: path.dirname(abs), name: path.basename(abs) });
    }
  }
  return { moves, complete: walk.complete };
}

/** Call once no process of the command is left: moves out what it created; the lines to end its output with. */
export async function quarantineCreated(snap: ProtectedSnapshot): Promise<string[]> {
  const { moves, complete } = await createdSince(snap);
  const lines = moves.length === 0 ? [] : carryOut(snap.root, moves);
  if (!complete && snap.complete)
    lines.push(
      `[sandbox: this command made more than ${WALK_MAX_ENTRIES} entries, so not ` +
        `all of the workspace was looked at for protected paths it created (a nested ` +
        `.git, .vscode or protectedPaths match): one beyond them is still there]`,
    );
  return lines;
}
