// The durable side of append(): one JSON line per event, written synchronously so
// the event is on disk before it exists in memory. The file (header first) is
// created by the first append. fsync at tool/call (before side effects run) and at
// turn/end; a failed write is rolled back so no half line is left behind.
// The file is opened without following links, and before each append it must still be
// the file opened and as long as this writer made it (no-follow.ts): a log changed,
// truncated, replaced or deleted under the writer refuses the append, never recreated.
import * as fs from 'node:fs';
import type { SessionEvent, SessionEventType } from '../session/events';
import type { SessionHeader } from '../session/header';
import type { LogSink } from '../session/session';
import type { Disposable } from '../disposable';
import { assertStillOwn, openNoFollow } from './no-follow';

const FSYNC_AT: ReadonlySet<SessionEventType> = new Set<SessionEventType>(['tool/call', 'turn/end']);

export class FileSink implements LogSink, Disposable {
  private fd: number | null = null;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly header: SessionHeader,
    /** True when the file already exists (a reopened log). */
    private readonly exists: boolean,
  ) {
    // A reopened log is held from now, so a change between loading and the first append is seen too.
    if (exists) this.open();
  }

  write(event: SessionEvent): void {
    const fd = this.open();
    assertStillOwn(this.path, fd, this.size);
    this.writeBytes(fd, `${JSON.stringify(event)}\n`);
    if (FSYNC_AT.has(event.type)) fs.fsyncSync(fd);
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    if (this.exists) {
      this.fd = openNoFollow(this.path, fs.constants.O_WRONLY | fs.constants.O_APPEND);
      this.size = fs.fstatSync(this.fd).size;
    } else {
      this.fd = openNoFollow(this.path, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL);
      this.size = 0;
      this.writeBytes(this.fd, `${JSON.stringify(this.header)}\n`);
      fs.fsyncSync(this.fd);
    }
    return this.fd;
  }

  private writeBytes(fd: number, text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    try {
      let done = 0;
      while (done < bytes.length) done += fs.writeSync(fd, bytes, done, bytes.length - done);
      this.size += bytes.length;
    } catch (error) {
      try {
        fs.ftruncateSync(fd, this.size);
      } catch {
        // the write error below is the one to report
      }
      throw error;
    }
  }

  dispose(): void {
    if (this.fd !== null) {
      fs.closeSync(this.fd);
      this.fd = null;
    }
  }
}
