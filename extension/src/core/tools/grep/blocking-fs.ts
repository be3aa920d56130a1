// The workspace file system of grep's worker thread: NodeWorkspaceFs with folders and
// files read by blocking calls (confined-open.ts's synchronous twins, verified the same
// way). On that thread a blocking call holds no one's event loop, and a walk of 5,000
// folders pays no thread-pool round trip per call. Never used on a host's thread.
import { closeSync, readFileSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { openInSync, readDirectoryInSync } from '../confined-open-sync';
import { kindOf, NodeWorkspaceFs } from '../node-workspace-fs';
import type { DirectoryEntry } from '../workspace-fs';

export class BlockingNodeWorkspaceFs extends NodeWorkspaceFs {
  override readDirectory(dir: string, within: string): Promise<DirectoryEntry[]> {
    try {
      return Promise.resolve(
        readDirectoryInSync(dir, within, (via, entries) =>
          entries.map((e): DirectoryEntry => {
            if (!e.isSymbolicLink())
              return {
                name: e.name,
                kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
                symlink: false,
              };
            // Only the kind of the link's target is shown; nothing is read through it.
            const target = statSync(nodePath.join(via, e.name), { throwIfNoEntry: false });
            return { name: e.name, kind: target ? kindOf(target) : 'other', symlink: true };
          }),
        ),
      );
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override readFile(path: string, within: string): Promise<Uint8Array> {
    try {
      const fd = openInSync(path, within);
      try {
        return Promise.resolve(readFileSync(fd));
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
