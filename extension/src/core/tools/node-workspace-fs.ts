// WorkspaceFs over node's fs: the CLI's and the tests' file system.
import { promises as fsp, type Stats } from 'node:fs';
import * as nodePath from 'node:path';
import type { DirectoryEntry, EntryKind, EntryStat, WorkspaceFs } from './workspace-fs';

function kindOf(stats: Stats): EntryKind {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

async function statFollowing(path: string): Promise<Stats | null> {
  try {
    return await fsp.stat(path);
  } catch (error) {
    if (isMissing(error) || (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ELOOP')) return null;
    throw error;
  }
}

export class NodeWorkspaceFs implements WorkspaceFs {
  async stat(path: string): Promise<EntryStat | null> {
    let own: Stats;
    try {
      own = await fsp.lstat(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!own.isSymbolicLink()) return { kind: kindOf(own), symlink: false, size: own.size };
    const target = await statFollowing(path);
    return target ? { kind: kindOf(target), symlink: true, size: target.size } : { kind: 'other', symlink: true, size: 0 };
  }

  async readDirectory(dir: string): Promise<DirectoryEntry[]> {
    const entries = await fsp.readdir(dir, { withFileTypes: true });
    return Promise.all(
      entries.map(async (e): Promise<DirectoryEntry> => {
        if (!e.isSymbolicLink()) return { name: e.name, kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other', symlink: false };
        const target = await statFollowing(nodePath.join(dir, e.name));
        return { name: e.name, kind: target ? kindOf(target) : 'other', symlink: true };
      }),
    );
  }

  async readFile(path: string): Promise<Uint8Array> {
    return fsp.readFile(path);
  }

  async writeFile(path: string, data: Uint8Array): Promise<void> {
    await fsp.writeFile(path, data);
  }

  async createDirectory(path: string): Promise<void> {
    await fsp.mkdir(path, { recursive: true });
  }

  async realpath(path: string): Promise<string> {
    return fsp.realpath(path);
  }
}
