// The workspace the tools act on: a root folder and the file system under it.
// Every path a model sends is confined here: it is resolved against the root,
// refused when it leaves it lexically (`..`, an absolute path elsewhere), and
// refused when the real path of its nearest existing ancestor (every symbolic link
// resolved) lies outside the root's real path. That check gives good messages; it
// is NOT what keeps a call inside: a path can change between a check and a use.
// Reads and writes go through readFile/writeFile/createDirectory/readDirectory
// below, which hand the root's real path to the file system, and the file system
// verifies what it actually opened (workspace-fs.ts, confined-open.ts).
import * as path from 'node:path';
import { isConfinementError, type DirectoryEntry, type EntryStat, type WorkspaceFs } from './workspace-fs';

export interface ResolvedPath {
  /** The real absolute path to act on (inside the workspace's real root). */
  real: string;
  /** The path relative to the workspace root, `/`-separated; `.` for the root. Used in results. */
  display: string;
  /** What is there now; null when nothing is. */
  stat: EntryStat | null;
}

export type PathResolution = ({ ok: true } & ResolvedPath) | { ok: false; message: string };

const outsideWorkspaceMessage = (p: string, root: string): string =>
  `path ${JSON.stringify(p)} is outside the workspace (${root}); only paths inside it can be used`;
const symlinkOutsideMessage = (p: string): string =>
  `path ${JSON.stringify(p)} leads outside the workspace through a symbolic link; it was refused`;
const brokenLinkMessage = (p: string): string => `path ${JSON.stringify(p)} is a broken symbolic link; it was refused`;
const hardLinkMessage = (p: string): string =>
  `${JSON.stringify(p)} has more than one hard link; another name ` +
  `of it may lie outside the workspace, so the file tools refuse it`;
const changedWhileOpenedMessage = (p: string): string =>
  `path ${JSON.stringify(p)} changed while it was being opened ` +
  `(a symbolic link where a file or folder was); it was refused`;
const EMPTY_PATH_MESSAGE = 'path must not be empty';
const NUL_PATH_MESSAGE = 'path must not contain a NUL character';

/** Lexically inside (or equal to) `root`. A name that merely starts with `..` (`..hidden`) is inside. */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The model-facing message for a refusal made on an opened file; null for any other error. */
export function refusalMessage(error: unknown, userPath: string): string | null {
  if (!isConfinementError(error)) return null;
  switch (error.reason) {
    case 'outside':
      return symlinkOutsideMessage(userPath);
    case 'symlink':
      return changedWhileOpenedMessage(userPath);
    case 'hard-link':
      return hardLinkMessage(userPath);
    case 'directory':
      return `${JSON.stringify(userPath)} is a folder, not a file`;
    case 'not-a-file':
      return `${JSON.stringify(userPath)} is not a regular file`;
  }
}

function toDisplay(root: string, real: string): string {
  const rel = path.relative(root, real);
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}

export class Workspace {
  private realRootPromise: Promise<string> | undefined;

  /** `root` must be an absolute path to an existing directory. */
  constructor(
    readonly root: string,
    readonly fs: WorkspaceFs,
  ) {
    if (!path.isAbsolute(root))
      throw new Error(`the workspace root must be an absolute path (got ${JSON.stringify(root)})`);
  }

  /** The root with every symbolic link resolved (computed once). */
  realRoot(): Promise<string> {
    this.realRootPromise ??= this.fs.realpath(this.root);
    return this.realRootPromise;
  }

  /** Reads a file the fs verified, once opened, to be inside the real root. */
  async readFile(real: string): Promise<Uint8Array> {
    return this.fs.readFile(real, await this.realRoot());
  }

  /** Writes `text` as UTF-8 (WorkspaceFs.writeFile). */
  async writeFile(real: string, text: string): Promise<void> {
    return this.fs.writeFile(real, text, await this.realRoot());
  }

  async createDirectory(real: string): Promise<void> {
    return this.fs.createDirectory(real, await this.realRoot());
  }

  async readDirectory(real: string): Promise<DirectoryEntry[]> {
    return this.fs.readDirectory(real, await this.realRoot());
  }

  /** Confines `userPath` (relative to the root, or absolute inside it) to the workspace. */
  async resolve(userPath: string): Promise<PathResolution> {
    if (userPath.trim() === '') return { ok: false, message: EMPTY_PATH_MESSAGE };
    if (userPath.includes('\0')) return { ok: false, message: NUL_PATH_MESSAGE };
    const realRoot = await this.realRoot();
    const lexical = path.resolve(this.root, userPath);
    // An absolute path may name the root by its real path (e.g. /private/tmp for /tmp).
    const base = isInside(this.root, lexical) ? this.root : isInside(realRoot, lexical) ? realRoot : null;
    if (base === null) return { ok: false, message: outsideWorkspaceMessage(userPath, this.root) };

    // The nearest existing ancestor decides where the path really leads.
    const missing: string[] = [];
    let existing = lexical;
    let stat = await this.fs.stat(existing);
    const target = stat;
    while (stat === null) {
      missing.unshift(path.basename(existing));
      existing = path.dirname(existing);
      stat = await this.fs.stat(existing);
    }
    let realExisting: string;
    try {
      realExisting = await this.fs.realpath(existing);
    } catch {
      return {
        ok: false,
        message: stat.symlink ? brokenLinkMessage(userPath) : outsideWorkspaceMessage(userPath, this.root),
      };
    }
    const real = path.join(realExisting, ...missing);
    if (!isInside(realRoot, real)) return { ok: false, message: symlinkOutsideMessage(userPath) };
    return { ok: true, real, display: toDisplay(realRoot, real), stat: target };
  }
}
