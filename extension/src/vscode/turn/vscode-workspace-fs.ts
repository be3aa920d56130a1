// The workspace tools' file system for VIRTUAL workspaces (a scheme other than
// `file:`): vscode.workspace.fs, so access goes through the provider of that scheme.
// `file:` workspaces do not come here: they use the core's NodeWorkspaceFs, which
// verifies every opened descriptor (workspace.fs cannot: it takes paths only, so a
// path checked a moment before could name something else when it is opened). A
// virtual file system shows us no symbolic links, so a path is its own real path and
// `within` is checked on the path itself.
import * as vscode from 'vscode';
import { isInside } from '../../core/tools/workspace';
import {
  ConfinementError,
  type DirectoryEntry,
  type EntryKind,
  type EntryStat,
  type WorkspaceFs,
} from '../../core/tools/workspace-fs';

function kindOf(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.File) return 'file';
  if (type & vscode.FileType.Directory) return 'directory';
  return 'other';
}

const isSymlink = (type: vscode.FileType): boolean => (type & vscode.FileType.SymbolicLink) !== 0;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof vscode.FileSystemError &&
    (error.code === 'FileNotFound' || error.code === 'EntryNotFound' || error.code === 'FileNotADirectory')
  );
}

export class VscodeWorkspaceFs implements WorkspaceFs {
  /** `root` is the workspace folder's URI; its scheme decides how paths map to URIs. */
  constructor(private readonly root: vscode.Uri) {}

  private uri(path: string): vscode.Uri {
    return this.root.with({ path });
  }

  private inside(path: string, within: string): vscode.Uri {
    if (!isInside(within, path)) throw new ConfinementError('outside', `${path} is outside ${within}`);
    return this.uri(path);
  }

  async stat(path: string): Promise<EntryStat | null> {
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(this.uri(path));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    // A broken link stats as SymbolicLink with no File/Directory bit: 'other'.
    return { kind: kindOf(stat.type), symlink: isSymlink(stat.type), size: stat.size };
  }

  async readDirectory(path: string, within: string): Promise<DirectoryEntry[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.inside(path, within));
    return entries.map(([name, type]) => ({ name, kind: kindOf(type), symlink: isSymlink(type) }));
  }

  async readFile(path: string, within: string): Promise<Uint8Array> {
    return vscode.workspace.fs.readFile(this.inside(path, within));
  }

  /** workspace.fs takes whole bytes only: a virtual workspace's write holds one encoded copy. */
  async writeFile(path: string, text: string, within: string): Promise<void> {
    await vscode.workspace.fs.writeFile(this.inside(path, within), new TextEncoder().encode(text));
  }

  async createDirectory(path: string, within: string): Promise<void> {
    await vscode.workspace.fs.createDirectory(this.inside(path, within));
  }

  async realpath(path: string): Promise<string> {
    return path;
  }
}
