// An append-only JSONL file another program writes, read as it grows: each read takes
// only the whole lines appended since the last one (the offset is kept; bytes after
// the last newline, a line the writer is still writing, wait for the next read), so a
// read costs what was appended, whatever the file's size. Each line is parsed and
// checked against the caller's schema: the caller gets its value, or undefined for a
// line that is not JSON or not of that shape. Blank lines are passed over.
import * as fs from 'node:fs';
import type * as z from 'zod/mini';
import { brandedError, errorGuard } from '../error-brand';
import { LineSplitter } from './line-reader';
import { parseJson } from './parse-json';

const BLOCK_BYTES = 1 << 20;

/** The file no longer continues what was read (it shrank: replaced or rewritten). */
export class FileShrankError extends brandedError('FileShrankError') {
  override name = 'FileShrankError';
}

/** Whether `value` is a FileShrankError, whichever bundle's copy of the class made it. */
export const isFileShrankError = errorGuard<FileShrankError>('FileShrankError');

export class JsonlTail<T> {
  private offset = 0;

  constructor(
    readonly path: string,
    private readonly schema: z.ZodMiniType<T>,
  ) {}

  /**
   * Visits each whole line appended since the last read, in order. `andUnfinished`:
   * the bytes after the last newline are visited too, as they stand (a whole-file
   * read). Throws the fs error of an unreadable file, or FileShrankError.
   */
  readAppended(visit: (line: T | undefined) => void, andUnfinished = false): void {
    const fd = fs.openSync(this.path, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size < this.offset) throw new FileShrankError(`${this.path} shrank from ${this.offset} to ${size} bytes`);
      const splitter = new LineSplitter();
      const check = (text: string): void => {
        if (text.trim() === '') return;
        const line = this.schema.safeParse(parseJson(text));
        visit(line.success ? line.data : undefined);
      };
      const block = Buffer.allocUnsafe(Math.min(BLOCK_BYTES, Math.max(1, size - this.offset)));
      for (let at = this.offset; at < size;) {
        const n = fs.readSync(fd, block, 0, Math.min(block.length, size - at), at);
        if (n === 0) break;
        splitter.push(block, n, (v) => check(v.text));
        at += n;
      }
      const { unterminated, size: read } = splitter.end();
      if (unterminated && andUnfinished) check(unterminated.text);
      this.offset += unterminated && !andUnfinished ? unterminated.start : read;
    } finally {
      fs.closeSync(fd);
    }
  }
}
