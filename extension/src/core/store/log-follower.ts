// Following a log another process writes: each read takes only the bytes appended
// since the last one and validates them line by line exactly as a load does
// (admitEventLine: envelope, schema, and the invariants, with the SAME checker the
// follower's Session continues from). A read costs what was appended, whatever the
// log's size. Bytes after the last newline (a write in flight) wait for the next read.
import * as fs from 'node:fs';
import type { SessionEvent } from '../session/events';
import type { InvariantChecker } from '../session/invariants';
import { admitEventLine, type LoadedLog } from './log-file';
import type { StreamedLog } from './log-stream';
import { brandedError } from '../error-brand';

/** The file no longer continues what was read (shrunk, replaced): load it again. */
class LogReplacedError extends brandedError('LogReplacedError') {
  override name = 'LogReplacedError';
}

export class LogFollower {
  private offset: number;
  private line: number;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(
    readonly path: string,
    from: { offset: number; lines: number },
    private readonly checker: InvariantChecker,
  ) {
    this.offset = from.offset;
    this.line = from.lines;
  }

  /** Follows on from a load: after its last whole line (a torn tail is read again once complete). */
  static after(loaded: LoadedLog | StreamedLog): LogFollower {
    const offset = loaded.tornTail ? loaded.tornTail.start : loaded.size;
    const events = 'events' in loaded ? loaded.events.length : loaded.count;
    return new LogFollower(loaded.path, { offset, lines: 1 + events + loaded.skipped }, loaded.checker);
  }

  /** Where the next read starts (bytes). */
  get position(): number {
    return this.offset;
  }

  /** The events appended since the last read, in order; throws LogLoadError (invalid line) or LogReplacedError. */
  readAppended(): SessionEvent[] {
    const fd = fs.openSync(this.path, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size < this.offset) throw new LogReplacedError(`${this.path} shrank from ${this.offset} to ${size} bytes`);
      if (size === this.offset) return [];
      const bytes = Buffer.allocUnsafe(size - this.offset);
      let read = 0;
      while (read < bytes.length) {
        const n = fs.readSync(fd, bytes, read, bytes.length - read, this.offset + read);
        if (n === 0) break;
        read += n;
      }
      const end = bytes.lastIndexOf(0x0a, read - 1);
      if (end === -1) return []; // no whole line yet
      const events: SessionEvent[] = [];
      let start = 0;
      while (start <= end) {
        const nl = bytes.indexOf(0x0a, start);
        const text = this.decoder.decode(bytes.subarray(start, nl));
        start = nl + 1;
        if (text.trim() === '') continue; // the newline a repair added after a whole last line
        this.line++;
        const event = admitEventLine(this.path, this.checker, text, this.line);
        if (event) events.push(event);
      }
      this.offset += end + 1;
      return events;
    } finally {
      fs.closeSync(fd);
    }
  }
}
