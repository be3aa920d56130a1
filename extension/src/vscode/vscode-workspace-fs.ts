// The workspace tools' file system in the extension: vscode.workspace.fs, so file
// access goes through VS Code's file service (remote and virtual workspaces
// included) rather than around it. Paths are the tools' absolute OS paths; each maps
// to `Uri.file(path)` for a `file:` workspace, else to the root URI with that path.
// workspace.fs has no realpath: for `file:` workspaces node's fs.promises.realpath
// answers (the extension host is node); other schemes have no symbolic links we can
// see, so a path is its own real path there.
import { promises as fsp } from 'node:fs';
import * as vscode from 'vscode';
import type { DirectoryEntry, EntryKind, EntryStat, WorkspaceFs } from '../core/tools/workspace-fs';

function kindOf(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.File) return 'file';
  if (type & vscode.FileType.Directory) return 'directory';
  return 'other';
}

const isSymlink = (type: vscode.FileType): boolean => (type & vscode.FileType.SymbolicLink) !== 0;

function isNotFound(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'EntryNotFound' || error.code === 'FileNotADirectory');
}

export class VscodeWorkspaceFs implements WorkspaceFs {
  /** `root` is the workspace folder's URI; its scheme decides how paths map to URIs. */
  constructor(private readonly root: vscode.Uri) {}

  private uri(path: string): vscode.Uri {
    return this.root.scheme === 'file' ? vscode.Uri.file(path) : this.root.with({ path });
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

  async readDirectory(path: string): Promise<DirectoryEntry[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.uri(path));
    return entries.map(([name, type]) => ({ name, kind: kindOf(type), symlink: isSymlink(type) }));
  }

  async readFile(path: string): Promise<Uint8Array> {
    return vscode.workspace.fs.readFile(this.uri(path));
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    await vscode.workspace.fs.writeFile(this.uri(path), data);
  }

  async createDirectory(path: string): Promise<void> {
    await vscode.workspace.fs.createDirectory(this.uri(path));
  }

  async realpath(path: string): Promise<string> {
    return this.root.scheme === 'file' ? fsp.realpath(path) : path;
  }
}
