// The file system the workspace tools use, injected: node fs (node-workspace-fs.ts)
// for the CLI, the tests and `file:` workspaces in the extension; VS Code's
// workspace.fs for virtual workspaces. Paths are absolute, OS-native strings.
//
// Confinement is the implementation's job, on what it actually opened: readFile,
// writeFile, createDirectory and readDirectory get `within` (the workspace root's
// real path) and throw ConfinementError when what they opened lies outside it, is a
// symbolic link where none may be, or is a file with several hard links — so a
// concurrent swap of a path component can make a call fail, never reach outside.
// `stat` and `realpath` only inform messages (Workspace.resolve); nothing is read or
// written on their word alone. A virtual file system without symbolic links may
// check `within` lexically and return a path as its own real path.
import { brandedError, errorGuard } from '../error-brand';

export type EntryKind = 'file' | 'directory' | 'other';

export interface EntryStat {
  /** What the path leads to, symbolic links followed ('other' for a broken link or a device). */
  kind: EntryKind;
  /** The path itself is a symbolic link (vscode: `type & FileType.SymbolicLink`). */
  symlink: boolean;
  /** Bytes (of the target, for a link). */
  size: number;
}

export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
  symlink: boolean;
}

/** Why an opened file or folder was refused (the tools turn each into a stable message). */
export type ConfinementReason = 'outside' | 'symlink' | 'hard-link' | 'directory' | 'not-a-file';

export class ConfinementError extends brandedError('ConfinementError') {
  override name = 'ConfinementError';
  constructor(
    readonly reason: ConfinementReason,
    detail: string,
  ) {
    super(detail);
  }
}

/** Whether `value` is a ConfinementError, whichever bundle's copy of the class made it. */
export const isConfinementError = errorGuard<ConfinementError>('ConfinementError');

export interface WorkspaceFs {
  /**
   * The paths are this machine's own: ripgrep or a worker thread may read them (node fs: true; a virtual fs: absent).
   */
  readonly nativePaths?: boolean;
  /**
   * null when nothing is at `path` (vscode: FileSystemError.FileNotFound);
   * a broken link is `{ kind: 'other', symlink: true }`.
   */
  stat(path: string): Promise<EntryStat | null>;
  /** The entries of a directory inside `within`, in any order (vscode: readDirectory). */
  readDirectory(path: string, within: string): Promise<DirectoryEntry[]>;
  /** A regular, singly linked file inside `within` (a final symbolic link is refused). */
  readFile(path: string, within: string): Promise<Uint8Array>;
  /**
   * Replaces the whole file with `text` as UTF-8, created inside its verified parent
   * (which exists: the tools create it first). Text, not bytes: an implementation that
   * can write in parts encodes a slice at a time, so a large write never holds a
   * second whole copy of the content.
   */
  writeFile(path: string, text: string, within: string): Promise<void>;
  /** Creates the directory and any missing parents inside `within`; no error when it exists. */
  createDirectory(path: string, within: string): Promise<void>;
  /** The canonical path of an EXISTING path, every symbolic link resolved. */
  realpath(path: string): Promise<string>;
}
