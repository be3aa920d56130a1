// WorkspaceFs over node's fs, with every read and write verified on the opened
// descriptor (confined-open.ts): the CLI's, the tests' and the extension's `file:`
// workspaces' file system.
import { promises as fsp, type Stats } from 'node:fs';
import * as nodePath from 'node:path';
import { createDirectoryIn, readDirectoryIn, readFileIn, writeFileIn } from './confined-open';
import type { DirectoryEntry, EntryKind, EntryStat, WorkspaceFs } from './workspace-fs';

export function kindOf(stats: Stats): EntryKind {
  return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
}

function isMissing(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'ENOENT' || error.code === 'ENOTDIR')
  );
}

async function statFollowing(path: string): Promise<Stats | null> {
  try {
    return await fsp.stat(path);
  } catch (error) {
    if (isMissing(error) || (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ELOOP'))
      return null;
    throw error;
  }
}

export class NodeWorkspaceFs implements WorkspaceFs {
  readonly nativePaths = true;

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
    return target
      ? { kind: kindOf(target), symlink: true, size: target.size }
      : { kind: 'other', symlink: true, size: 0 };
  }

  readDirectory(dir: string, within: string): Promise<DirectoryEntry[]> {
    return readDirectoryIn(dir, within, (via, entries) =>
      Promise.all(
        entries.map(async (e): Promise<DirectoryEntry> => {
          if (!e.isSymbolicLink())
            return {
              name: e.name,
              kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
              symlink: false,
            };
          // Only the kind of the link's target is shown; nothing is read through it.
          const target = await statFollowing(nodePath.join(via, e.name));
          return { name: e.name, kind: target ? kindOf(target) : 'other', symlink: true };
        }),
      ),
    );
  }

  readFile(path: string, within: string): Promise<Uint8Array> {
    return readFileIn(path, within);
  }

  writeFile(path: string, text: string, within: string): Promise<void> {
    return writeFileIn(path, text, within);
  }

  createDirectory(path: string, within: string): Promise<void> {
    return createDirectoryIn(path, within);
  }

  async realpath(path: string): Promise<string> {
    return fsp.realpath(path);
  }
}
