// The file system the workspace tools use, injected: node fs in the CLI and tests
// (node-workspace-fs.ts), VS Code's workspace.fs in the extension. Paths are
// absolute, OS-native strings; an adapter over vscode.workspace.fs maps each one to
// `Uri.file(path)` (or `root.with({ path })` for a virtual workspace). Every method
// is async and maps onto one workspace.fs call, except `realpath`, which
// workspace.fs lacks: for `file:` workspaces the adapter uses node's
// fs.promises.realpath (the extension host is node); a virtual file system without
// symbolic links may return the path unchanged.

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

export interface WorkspaceFs {
  /** null when nothing is at `path` (vscode: FileSystemError.FileNotFound); a broken link is `{ kind: 'other', symlink: true }`. */
  stat(path: string): Promise<EntryStat | null>;
  /** The entries of a directory, in any order (vscode: readDirectory). */
  readDirectory(path: string): Promise<DirectoryEntry[]>;
  readFile(path: string): Promise<Uint8Array>;
  /** Replaces the whole file; the parent directory exists (the tools create it first). */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Creates the directory and any missing parents; no error when it exists (vscode: createDirectory). */
  createDirectory(path: string): Promise<void>;
  /** The canonical path of an EXISTING path, every symbolic link resolved. */
  realpath(path: string): Promise<string>;
}
