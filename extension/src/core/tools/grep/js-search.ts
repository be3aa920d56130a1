// grep without ripgrep: the walk (ignore files' meaning, walk.ts) feeding concurrent
// reads of the files it takes, each read in blocks and prefiltered (line-scan.ts).
// With this machine's paths the file calls block: this engine then runs on grep's
// worker thread, never on a loop anyone waits on.
// Capped on matches only: every file the walk takes is searched unless the cap is
// reached first. On a file system with this machine's paths each file is opened once
// through the workspace's confinement (confined-open.ts) and read in parts; on a
// virtual one (VS Code's workspace.fs) a file is read whole through it.
import { closeSync, readSync } from 'node:fs';
import * as path from 'node:path';
import { openInSync } from '../confined-open-sync';
import { walk } from '../walk';
import type { Workspace } from '../workspace';
import { type BlockReader, type FileHits, type LineFilter, scanLines } from './line-scan';
import { MatchCollector } from './match-collector';
import type { SearchOutcome, SearchRequest } from './search-messages';

/** Files read at once: enough to keep the disk and the thread busy while each waits on the other. */
const CONCURRENT_READS = 16;

/**
 * Scans one workspace file; null when it is binary, or could not be opened inside the
 * workspace (gone, unreadable, a link, several hard links): skipped.
 */
export async function scanWorkspaceFile(
  workspace: Workspace,
  abs: string,
  filter: LineFilter,
  room: number,
  only: ReadonlySet<number> | null = null,
  pause?: () => Promise<void>,
): Promise<FileHits | null> {
  const within = await workspace.realRoot();
  if (workspace.fs.nativePaths === true) {
    // Blocking calls: this runs on grep's worker thread (search-worker.ts), or in a test.
    let fd: number;
    try {
      fd = openInSync(abs, within);
    } catch {
      return null;
    }
    try {
      const reader: BlockReader = {
        read: (into, length, position) => Promise.resolve(readSync(fd, into, 0, length, position)),
      };
      return await scanLines(reader, filter, room, only, pause);
    } finally {
      closeSync(fd);
    }
  }
  let data: Uint8Array;
  try {
    data = await workspace.readFile(abs);
  } catch {
    return null;
  }
  const whole = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const reader: BlockReader = {
    read: async (into, length, position) => whole.copy(into, 0, position, Math.min(whole.length, position + length)),
  };
  return scanLines(reader, filter, room, only, pause);
}

export async function searchWithJs(
  workspace: Workspace,
  request: SearchRequest,
  filter: LineFilter,
  signal?: AbortSignal,
  pause?: () => Promise<void>,
): Promise<SearchOutcome> {
  const collector = new MatchCollector(request.maxMatches);
  if (request.startKind === 'file') {
    collector.add(request.display, await scanWorkspaceFile(workspace, request.start, filter, collector.room), false);
    return collector.outcome('javascript');
  }
  const running = new Set<Promise<void>>();
  const prefix = request.display === '.' ? '' : `${request.display}/`;
  for await (const entry of walk(workspace, request.start, {
    ...(signal ? { signal } : {}),
    includeIgnored: request.includeIgnored,
  })) {
    if (collector.full || signal?.aborted) break;
    await pause?.();
    if (entry.kind !== 'file' || entry.symlink) continue;
    const display = `${prefix}${entry.rel}`;
    const scan = scanWorkspaceFile(workspace, entry.abs, filter, collector.room, null, pause).then((hits) => {
      collector.add(display, hits, true);
      running.delete(scan);
    });
    running.add(scan);
    if (running.size >= CONCURRENT_READS) await Promise.race(running);
  }
  await Promise.all(running);
  return collector.outcome('javascript');
}

/** The absolute path of a result's `display` path. */
export const absoluteOf = (root: string, display: string): string => path.join(root, ...display.split('/'));
