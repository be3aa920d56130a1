// Streaming line readers over a JSONL file, forward and backward, in byte blocks,
// so a 1 GB log never becomes one string (V8 strings top out near 512 MB).
import * as fs from 'node:fs';

const NL = 0x0a;

export interface LineVisit {
  /** The line's text without its newline. */
  text: string;
  /** 1-based line number (forward reads only; 0 when reading backward). */
  line: number;
  /** Byte offset of the line's first byte. */
  start: number;
}

export interface ForwardResult {
  /** Bytes after the last newline (a line the writer had not finished), if any. */
  unterminated: { start: number; text: string } | null;
  size: number;
}

/**
 * Cuts a file read forward in blocks into lines: `push` each block as it is read,
 * `end` after the last. Bytes of a line that started in an earlier block are copied
 * only when a line spans blocks. The sync reader (forEachLine) and the streamed one
 * (log-stream.ts) share it.
 */
export class LineSplitter {
  private carry: Buffer[] = [];
  private carryStart = 0;
  private offset = 0;
  private line = 0;

  /** Visits every line `block` (the next `n` bytes of the file) completes. */
  push(block: Buffer, n: number, visit: (v: LineVisit) => void): void {
    let from = 0;
    for (let nl = block.indexOf(NL, 0); nl !== -1 && nl < n; nl = block.indexOf(NL, from)) {
      this.line++;
      if (this.carry.length) {
        this.carry.push(block.subarray(0, nl));
        visit({ text: Buffer.concat(this.carry).toString('utf8'), line: this.line, start: this.carryStart });
        this.carry = [];
      } else {
        visit({ text: block.toString('utf8', from, nl), line: this.line, start: this.offset + from });
      }
      from = nl + 1;
    }
    if (from < n) {
      if (!this.carry.length) this.carryStart = this.offset + from;
      this.carry.push(Buffer.from(block.subarray(from, n)));
    }
    this.offset += n;
  }

  /** After the last block: the bytes after the last newline, and the file's size. */
  end(): ForwardResult {
    return {
      unterminated: this.carry.length
        ? { start: this.carryStart, text: Buffer.concat(this.carry).toString('utf8') }
        : null,
      size: this.offset,
    };
  }
}

/** Calls `visit` for every newline-terminated line, in order. */
export function forEachLine(path: string, visit: (v: LineVisit) => void, blockSize = 1 << 20): ForwardResult {
  const fd = fs.openSync(path, 'r');
  try {
    const block = Buffer.allocUnsafe(blockSize);
    const splitter = new LineSplitter();
    for (let offset = 0; ;) {
      const n = fs.readSync(fd, block, 0, blockSize, offset);
      if (n === 0) break;
      splitter.push(block, n, visit);
      offset += n;
    }
    return splitter.end();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Visits lines from the last to the first until `visit` returns true (stop).
 * The bytes after the final newline (an unterminated line) are visited first with
 * `terminated: false`, so the caller decides whether a torn tail counts.
 * `before` (a line-start offset) continues an earlier backward read. `floor` bounds
 * the bytes read: no byte before it is read, and only lines that start after it are
 * visited. Returns whether the read ended (`visit` stopped it, or the file's start was
 * reached) rather than at `floor`.
 * Linear in the bytes read: a line that spans many blocks is kept as a list of its
 * blocks and joined once, when its start is found (joining at every block would be
 * quadratic in a long last line).
 */
export function forEachLineBackward(
  path: string,
  visit: (v: LineVisit & { terminated: boolean }) => boolean | void,
  options: { blockSize?: number; before?: number; floor?: number } = {},
): boolean {
  const blockSize = options.blockSize ?? 1 << 16;
  const floor = Math.max(0, options.floor ?? 0);
  const fd = fs.openSync(path, 'r');
  try {
    const end = options.before ?? fs.fstatSync(fd).size;
    // The current line's bytes after the block being scanned, LAST block first.
    let pendingRev: Buffer[] = [];
    let start = end;
    let firstSegment = true;
    while (start > floor) {
      const readFrom = Math.max(floor, start - blockSize);
      const block = Buffer.allocUnsafe(start - readFrom);
      fs.readSync(fd, block, 0, block.length, readFrom);
      start = readFrom;
      let segEnd = block.length;
      for (
        let nl = block.lastIndexOf(NL, segEnd - 1);
        nl !== -1;
        nl = segEnd > 0 ? block.lastIndexOf(NL, segEnd - 1) : -1
      ) {
        if (emit(block.subarray(nl + 1, segEnd), start + nl + 1)) return true;
        segEnd = nl;
      }
      if (segEnd > 0) pendingRev.push(block.subarray(0, segEnd));
    }
    if (start > 0) return false; // at the floor: the line it cuts is not visited
    if (pendingRev.length || firstSegment) emit(Buffer.alloc(0), 0);
    return true;

    /** The line starting at `lineStart`: `head` then the pending blocks. */
    function emit(head: Buffer, lineStart: number): boolean {
      const parts = pendingRev.length ? [head, ...pendingRev.reverse()] : [head];
      pendingRev = [];
      const bytes = parts.length === 1 ? head : Buffer.concat(parts);
      const wasFirst = firstSegment;
      firstSegment = false;
      // The segment after the file's last newline: empty when the file ends cleanly.
      if (wasFirst && bytes.length === 0) return false;
      return visit({ text: bytes.toString('utf8'), line: 0, start: lineStart, terminated: !wasFirst }) === true;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** 1-based number of the line that starts at byte `offset` (reads the bytes before it: for error messages only). */
export function lineNumberAt(path: string, offset: number, blockSize = 1 << 20): number {
  const fd = fs.openSync(path, 'r');
  try {
    const block = Buffer.allocUnsafe(blockSize);
    let line = 1;
    for (let at = 0; at < offset;) {
      const n = fs.readSync(fd, block, 0, Math.min(blockSize, offset - at), at);
      if (n === 0) break;
      for (let i = block.indexOf(NL, 0); i !== -1 && i < n; i = block.indexOf(NL, i + 1)) line++;
      at += n;
    }
    return line;
  } finally {
    fs.closeSync(fd);
  }
}
