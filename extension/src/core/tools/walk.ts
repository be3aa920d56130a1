// A bounded, depth-first walk of a folder for list_files and grep. It never follows
// a symbolic link to a folder (no loops, no escapes) and skips the folders no one
// means to search (version control metadata, installed dependencies) unless the
// walk starts inside one.
import * as path from 'node:path';
import type { Workspace } from './workspace';
import type { EntryKind } from './workspace-fs';

export const SKIPPED_FOLDERS: readonly string[] = ['.git', 'node_modules'];

export interface WalkEntry {
  /** `/`-separated, relative to the walk's start. */
  rel: string;
  abs: string;
  kind: EntryKind;
  symlink: boolean;
}

/** Yields every entry below `start` in name order; stops when the caller stops iterating. */
export async function* walk(workspace: Workspace, start: string, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  const stack: { abs: string; rel: string }[] = [{ abs: start, rel: '' }];
  while (stack.length) {
    if (signal?.aborted) return;
    const dir = stack.pop()!;
    let entries;
    try {
      entries = await workspace.readDirectory(dir.abs);
    } catch {
      continue; // unreadable folder, or one that turned out to lead outside: skipped, like find 2>/dev/null
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subfolders: { abs: string; rel: string }[] = [];
    for (const e of entries) {
      const entry: WalkEntry = {
        rel: dir.rel ? `${dir.rel}/${e.name}` : e.name,
        abs: path.join(dir.abs, e.name),
        kind: e.kind,
        symlink: e.symlink,
      };
      if (e.kind === 'directory' && !e.symlink && !SKIPPED_FOLDERS.includes(e.name))
        subfolders.push({ abs: entry.abs, rel: entry.rel });
      yield entry;
    }
    for (const sub of subfolders.reverse()) stack.push(sub);
  }
}

/** Text files only: a NUL byte in the first 8 KiB marks a binary file. */
export function looksBinary(data: Uint8Array): boolean {
  return data.subarray(0, 8192).includes(0);
}

const decoder = new TextDecoder('utf-8');
export function decodeText(data: Uint8Array): string {
  return decoder.decode(data);
}
