// What the agents' descriptors (agents/*.ts) share to find their session files: a
// folder's names, and a file's first line. Only read: nothing here writes, creates or
// locks the agents' files or folders.
import * as fs from 'node:fs';

/** The names in `dir` (none when it does not exist or cannot be read). */
export function listFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The file's first newline-terminated line, read from at most `max` bytes. */
export function firstLine(file: string, max: number): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const block = Buffer.allocUnsafe(Math.min(max, 64 * 1024));
    const parts: Buffer[] = [];
    for (let at = 0; at < max;) {
      const n = fs.readSync(fd, block, 0, block.length, at);
      if (n === 0) return undefined;
      const nl = block.subarray(0, n).indexOf(0x0a);
      if (nl !== -1) {
        parts.push(Buffer.from(block.subarray(0, nl)));
        return Buffer.concat(parts).toString('utf8');
      }
      parts.push(Buffer.from(block.subarray(0, n)));
      at += n;
    }
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
