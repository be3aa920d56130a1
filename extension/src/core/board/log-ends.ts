// A session log's two ends as a card reads them (log-window.ts cuts the last into
// lines): its last `bytes`, and of its first HEAD bytes only what the header and the
// first prompt need. A log is read in one open: whole when it is at most a few KiB
// longer than the window (one read), else its last bytes and its first HEAD_START
// bytes; the rest of the HEAD bytes is read only when the header or the first prompt
// lies beyond those (a long header, a long first turn).
import * as fs from 'node:fs';
import { promptTitle } from '../import/agent-plan';
import { parseEvent, rawEnvelopeReader } from '../session/events';
import type { SessionHeader } from '../session/header';
import { parseHeaderLine } from '../store/log-file';
import { parseJson } from '../store/parse-json';
import { prefixType } from './window-lines';

/** How much of a log's start holds its header and, when it has no title, its first prompt. */
const HEAD = 64 * 1024;
/** How much of it is read at first (most headers and first prompts fit). */
const HEAD_START = 4 * 1024;
/** How long a line's start is decoded to read its type off it (window-lines.ts). */
const PREFIX_BYTES = 256;

/**
 * A log's first and last bytes. `tail` (and `head`, but for a whole head read later)
 * lie in one buffer every read reuses: they are good until the next log is read (a card
 * is made before the next log is read); a fresh buffer of 64 KiB per log was most of
 * the board's garbage.
 */
export interface LogEnds {
  path: string;
  /** The log's first bytes: HEAD of them, or fewer when `headShort` (the rest is read when asked). */
  head: Buffer;
  headShort: boolean;
  /** The last bytes, from the file's byte `floor` on. */
  tail: Buffer;
  /** The same bytes one character each (latin1): a line's offsets in it are its bytes' offsets. */
  scan: string;
  floor: number;
}

/** The log's last `bytes` and its first bytes, in one open. */
export function readLogEnds(logPath: string, bytes: number): LogEnds {
  const fd = fs.openSync(logPath, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const floor = Math.max(0, size - bytes);
    if (floor <= HEAD_START) {
      const all = readAt(fd, 0, size, scratchOf(size), 0);
      const tail = all.subarray(floor);
      return {
        path: logPath,
        head: all.subarray(0, HEAD),
        headShort: false,
        tail,
        scan: tail.toString('latin1'),
        floor,
      };
    }
    const into = scratchOf(size - floor + HEAD_START);
    const tail = readAt(fd, floor, size - floor, into, 0);
    const head = readAt(fd, 0, HEAD_START, into, tail.length);
    return { path: logPath, head, headShort: head.length === HEAD_START, tail, scan: tail.toString('latin1'), floor };
  } finally {
    fs.closeSync(fd);
  }
}

let scratch = Buffer.alloc(0);

function scratchOf(length: number): Buffer {
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, 2 * scratch.length));
  return scratch;
}

/** `length` bytes from `position` on, into `buffer` at `offset`. */
function readAt(fd: number, position: number, length: number, buffer: Buffer, offset: number): Buffer {
  return buffer.subarray(offset, offset + fs.readSync(fd, buffer, offset, length, position));
}

/** The log's first HEAD bytes (read now when only their start was). */
function wholeHead(ends: LogEnds): Buffer {
  if (ends.headShort) {
    const fd = fs.openSync(ends.path, 'r');
    try {
      ends.head = readAt(fd, 0, HEAD, Buffer.allocUnsafe(HEAD), 0);
      ends.headShort = false;
    } finally {
      fs.closeSync(fd);
    }
  }
  return ends.head;
}

/** The log's header: its first line (among its first HEAD bytes). */
export function headerOf(ends: LogEnds): SessionHeader {
  let nl = ends.head.indexOf(0x0a);
  if (nl === -1 && ends.headShort) nl = wholeHead(ends).indexOf(0x0a);
  return parseHeaderLine(ends.path, ends.head.toString('utf8', 0, nl === -1 ? ends.head.length : nl));
}

/** The first valid user/message among the whole lines after the header in the log's first HEAD bytes. */
export function headPrompt(ends: LogEnds): string | undefined {
  const found = promptIn(ends.head);
  return found !== undefined || !ends.headShort ? found?.title : promptIn(wholeHead(ends))?.title;
}

/** The first prompt among `head`'s whole lines after the first (a line that is no event is passed over). */
function promptIn(head: Buffer): { title: string | undefined } | undefined {
  let from = head.indexOf(0x0a) + 1;
  for (let nl = from === 0 ? -1 : head.indexOf(0x0a, from); nl !== -1; from = nl + 1, nl = head.indexOf(0x0a, from)) {
    const type = prefixType(head.toString('latin1', from, Math.min(nl, from + PREFIX_BYTES)), 0);
    if (type !== undefined && type !== 'user/message') continue;
    const raw = rawEnvelopeReader.safeParse(parseJson(head.toString('utf8', from, nl)));
    const event = raw.success ? parseEvent(raw.data) : null;
    if (event !== null && typeof event !== 'string' && event.type === 'user/message')
      return { title: promptTitle(event.data.message.text) };
  }
  return undefined;
}
