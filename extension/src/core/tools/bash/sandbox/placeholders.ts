// Placeholders for the protected names that are ABSENT when a sandboxed command
// starts (`.git`, `.vscode`, `.envrc`, `AGENTS.md`, …): a read-only mount needs a
// mount point, and the workspace is the host's own folder, so the mount point is
// made there: an empty folder, or an empty file, created just before bwrap starts and
// mounted read-only over itself, so the command can create nothing at that name
// (`git init`, `mkdir .vscode`, `echo … > .envrc` are refused).
// Contract:
// - Made only where nothing is (mkdir / open O_EXCL): an existing file is never
//   replaced. Mode 0700 (folder: what the session writer gives `.agent-checklist`)
//   or 0644 (file), owned by the agent's user.
// - Removed after the command iff it is still the untouched placeholder: the same
//   device and inode we made and still empty (rmdir refuses a folder that is not;
//   a file is unlinked only when its size is 0). Anything the host put there during
//   the command (the session writer making `.agent-checklist/sessions`, the user's
//   own file) is kept.
// - While it exists it is harmless: an empty `.git` folder is not a repository (git
//   needs HEAD, objects and refs), so host git either finds none or the enclosing one,
//   exactly as without it; empty `.envrc`/`AGENTS.md` hold nothing to run or read.
// - Shared within this process: commands running at the same time in one workspace
//   use the same placeholder, counted, and the last to finish removes it. NOT across
//   processes: a second agent process whose command starts while ours runs sees an
//   existing path, and when ours ends and removes the placeholder, the kernel detaches
//   that process's mount of it (it was not a mount point in our namespace).
// All calls are synchronous on purpose: each is one or two system calls, and doing
// them without an await between them is what keeps the count exact.
import * as fs from 'node:fs';

export type PlaceholderKind = 'folder' | 'file';

interface Held {
  dev: number;
  ino: number;
  kind: PlaceholderKind;
  users: number;
}

const held = new Map<string, Held>();

function sameFile(abs: string, h: Held): fs.Stats | null {
  try {
    const st = fs.lstatSync(abs);
    return st.dev === h.dev && st.ino === h.ino ? st : null;
  } catch {
    return null;
  }
}

/**
 * Takes a placeholder at `abs` (made now, or this process's own still in place) and
 * returns its release; null when something else is there (the caller mounts that).
 */
export function takePlaceholder(abs: string, kind: PlaceholderKind): (() => void) | null {
  const mine = held.get(abs);
  if (mine && sameFile(abs, mine)) {
    mine.users++;
    return once(() => release(abs, mine));
  }
  if (mine) held.delete(abs); // replaced under us: no longer ours to remove
  try {
    if (kind === 'folder') fs.mkdirSync(abs, { mode: 0o700 });
    else
      fs.closeSync(
        fs.openSync(
          abs,
          fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
          0o644,
        ),
      );
  } catch {
    return null; // something is there (EEXIST), or the workspace root is not writable: nothing to hold
  }
  const st = fs.lstatSync(abs);
  const h: Held = { dev: st.dev, ino: st.ino, kind, users: 1 };
  held.set(abs, h);
  return once(() => release(abs, h));
}

function once(f: () => void): () => void {
  let done = false;
  return () => {
    if (!done) f();
    done = true;
  };
}

function release(abs: string, h: Held): void {
  if (--h.users > 0) return;
  if (held.get(abs) === h) held.delete(abs);
  const st = sameFile(abs, h);
  if (st === null) return; // gone or replaced: not ours any more
  try {
    if (h.kind === 'folder')
      fs.rmdirSync(abs); // ENOTEMPTY keeps what the host put inside
    else if (st.size === 0) fs.unlinkSync(abs);
  } catch {
    // not empty, or already gone: kept as it is
  }
}
