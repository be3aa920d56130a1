// One file's matching lines, read in blocks through one reused buffer: no whole-file
// copy, whatever its size. A NUL byte in the first block marks a binary file (skipped,
// as ripgrep skips it); one further on ends the search of the file there. With a
// required literal (required-literal.ts), only the lines holding it are decoded and
// handed to RE2, and newlines are counted only up to a hit (what scrolled out of the
// buffer is read again to count it), also when only ripgrep's lines are checked again
// (a line without it cannot match); without one, every line is tested. A line rg
// reported for a pattern both engines read alike is not handed to RE2 (ripgrepAgrees). A line longer
// than MAX_SEARCHED_LINE_CHARS is not tested (one RE2 call cannot be sliced, and a
// line too large for the engine's wasm heap aborts it): it is counted, and the result
// says so.
import { MAX_SEARCHED_LINE_CHARS } from './grep-text';
import type { LineMatcher } from './linear-regex';

/** Bytes read at a time, and the first block binary detection looks at. */
const BLOCK_BYTES = 128 * 1024;
/** A line that grows past this many bytes without its newline is long whatever it decodes to. */
const LONG_LINE_BYTES = 3 * MAX_SEARCHED_LINE_CHARS + 3;

export interface BlockReader {
  /** Reads up to `length` bytes at `position` into `into` from 0; 0 at the end. */
  read(into: Buffer, length: number, position: number): Promise<number>;
}

export interface LineFilter {
  /** RE2 on one line, `\r` stripped, secrets already redacted by `redact`. */
  matcher: LineMatcher;
  redact: (line: string) => string;
  /** Bytes every matching line holds (the prefilter); null: every line is tested. */
  literal: Buffer | null;
  /**
   * The pattern means the same to ripgrep and RE2 (shared-syntax.ts): a line rg
   * reported is taken as matching without RE2 when it is as rg read it (valid UTF-8,
   * no `\r` cut from its end, nothing redacted); any other line is tested.
   */
  ripgrepAgrees: boolean;
}

export interface FileHits {
  hits: { line: number; text: string }[];
  /** Lines not tested for their length: how many, and the first one's number. */
  long: { count: number; first: number } | null;
}

const NEWLINE = 10;

function countNewlines(data: Buffer, from: number, to: number): number {
  let count = 0;
  for (let i = data.indexOf(NEWLINE, from); i !== -1 && i < to; i = data.indexOf(NEWLINE, i + 1)) count++;
  return count;
}

const spareBuffers: Buffer[] = [];

class FileScan {
  readonly hits: FileHits['hits'] = [];
  private longCount = 0;
  private longFirst = 0;
  /** Lines counted up to the file offset `counted` (a line start): the number of the line starting there. */
  private countedLine = 1;
  private counted = 0;

  constructor(
    private readonly reader: BlockReader,
    private readonly filter: LineFilter,
    private readonly room: number,
    /** Only these lines are tested (ripgrep's hits, checked again here); null: all. */
    private readonly only: ReadonlySet<number> | null,
  ) {}

  get full(): boolean {
    return this.hits.length >= this.room;
  }

  result(): FileHits {
    return { hits: this.hits, long: this.longCount ? { count: this.longCount, first: this.longFirst } : null };
  }

  /** The number of the line starting at file offset `at`; `data` holds the file from `dataAt`. */
  private async lineAt(data: Buffer, dataAt: number, at: number): Promise<number> {
    if (this.counted < dataAt) {
      const scratch = Buffer.allocUnsafe(Math.min(BLOCK_BYTES, dataAt - this.counted));
      while (this.counted < dataAt) {
        const n = await this.reader.read(scratch, Math.min(scratch.length, dataAt - this.counted), this.counted);
        if (n === 0) break;
        this.countedLine += countNewlines(scratch.subarray(0, n), 0, n);
        this.counted += n;
      }
      this.counted = dataAt;
    }
    this.countedLine += countNewlines(data, this.counted - dataAt, at - dataAt);
    this.counted = at;
    return this.countedLine;
  }

  markLong(line: number): void {
    if (this.longCount++ === 0) this.longFirst = line;
  }

  /** Tests the line data[start, end) (end at its newline or the data's end). */
  private async testLine(data: Buffer, dataAt: number, start: number, end: number): Promise<void> {
    const line = await this.lineAt(data, dataAt, dataAt + start);
    if (this.only !== null && !this.only.has(line)) return;
    const stop = end > start && data[end - 1] === 13 ? end - 1 : end;
    const text = data.toString('utf8', start, stop);
    if (stop - start > MAX_SEARCHED_LINE_CHARS && text.length > MAX_SEARCHED_LINE_CHARS) return this.markLong(line);
    const shown = this.filter.redact(text);
    const asRipgrepSaw = this.only !== null && this.filter.ripgrepAgrees && stop === end && shown === text;
    if ((asRipgrepSaw && !text.includes('\uFFFD')) || this.filter.matcher.test(shown))
      this.hits.push({ line, text: shown });
  }

  /** Tests the complete lines of data[0, end) (end just past a newline, or the file's end). */
  async lines(data: Buffer, dataAt: number, end: number): Promise<void> {
    const literal = this.filter.literal;
    if (literal === null) {
      for (let start = 0; start < end && !this.full;) {
        const nl = data.indexOf(NEWLINE, start);
        const stop = nl === -1 || nl >= end ? end : nl;
        await this.testLine(data, dataAt, start, stop);
        start = stop + 1;
      }
      return;
    }
    for (let at = data.indexOf(literal, 0); at !== -1 && at < end && !this.full;) {
      const start = at === 0 ? 0 : data.lastIndexOf(NEWLINE, at - 1) + 1;
      const nl = data.indexOf(NEWLINE, at);
      const stop = nl === -1 || nl >= end ? end : nl;
      await this.testLine(data, dataAt, start, stop);
      at = stop + 1 >= end ? -1 : data.indexOf(literal, stop + 1);
    }
  }

  /** The number of the line starting at `at` in `data`, which is too long to hold: it is skipped to its end. */
  startLong(data: Buffer, dataAt: number, at: number): Promise<number> {
    return this.lineAt(data, dataAt, at);
  }

  /**
   * The long line numbered `line` ended at file offset `end` (just past its newline); counted when it may hold a match.
   */
  endLong(line: number, end: number, mayMatch: boolean): void {
    if (mayMatch && (this.only === null || this.only.has(line))) this.markLong(line);
    this.counted = end;
    this.countedLine = line + 1;
  }
}

/**
 * The matching lines of one file (at most `room`), or null for a binary file.
 * `pause` runs between blocks (a search on the host's event loop yields there).
 */
export async function scanLines(
  reader: BlockReader,
  filter: LineFilter,
  room: number,
  only: ReadonlySet<number> | null = null,
  pause?: () => Promise<void>,
): Promise<FileHits | null> {
  const scan = new FileScan(reader, filter, room, only);
  const block = spareBuffers.pop() ?? Buffer.allocUnsafe(BLOCK_BYTES);
  try {
    let carry: Buffer | null = null;
    /** Inside the long line numbered `longLine`: its bytes are skipped up to its newline. */
    let longLine = -1;
    let mayMatch = false;
    const literal = filter.literal;
    for (let position = 0; !scan.full;) {
      let n = await reader.read(block, BLOCK_BYTES, position);
      const chunkAt = position;
      const nul = block.subarray(0, n).indexOf(0);
      if (nul !== -1 && position === 0) return null;
      const ended = n === 0 || nul !== -1;
      if (nul !== -1) n = nul;
      let chunk = block.subarray(0, n);
      position += n;
      if (longLine !== -1) {
        const nl = chunk.indexOf(NEWLINE);
        mayMatch ||= literal === null || chunk.subarray(0, nl === -1 ? n : nl).includes(literal);
        if (nl === -1 && !ended) continue;
        scan.endLong(longLine, chunkAt + nl + 1, mayMatch);
        longLine = -1;
        if (nl === -1) break;
        chunk = chunk.subarray(nl + 1);
      }
      const data: Buffer = carry === null ? chunk : Buffer.concat([carry, chunk]);
      const dataAt = position - data.length;
      const last = data.lastIndexOf(NEWLINE);
      const complete = ended && nul === -1 ? data.length : last + 1;
      await scan.lines(data, dataAt, complete);
      carry = null;
      if (ended) break;
      const rest = data.subarray(complete);
      if (rest.length > LONG_LINE_BYTES) {
        longLine = await scan.startLong(data, dataAt, dataAt + complete);
        mayMatch = literal === null || rest.includes(literal);
      } else if (rest.length > 0) carry = Buffer.from(rest);
      await pause?.();
    }
    return scan.result();
  } finally {
    spareBuffers.push(block);
  }
}
