// Reading a session log from disk: header, events, torn tail. Every line is
// validated (zod) and every invariant is checked by the same checker append() uses;
// a violation refuses the whole log with a message naming the line.
import { isKnownEventType, parseEvent, rawEnvelopeReader, type SessionEvent } from '../session/events';
import { LOG_FORMAT_VERSION, sessionHeaderSchema, type SessionHeader } from '../session/header';
import { InvariantChecker } from '../session/invariants';
import { parseJson } from './parse-json';
import { forEachLine, type ForwardResult } from './line-reader';
import { brandedError, errorGuard } from '../error-brand';

export class LogLoadError extends brandedError('LogLoadError') {
  constructor(
    readonly path: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${path}:${line}: ${reason}`);
    this.name = 'LogLoadError';
  }
}

/** Whether `value` is a LogLoadError, whichever bundle's copy of the class made it. */
export const isLogLoadError = errorGuard<LogLoadError>('LogLoadError');

export interface ReplayedLog {
  path: string;
  header: SessionHeader;
  /** The checker after the last event: a writer continues from it. */
  checker: InvariantChecker;
  /** Bytes after the last complete line that are not a whole event (a torn write). */
  tornTail: { start: number; bytes: number } | null;
  /** The last line is a whole event but its newline never reached disk. */
  missingFinalNewline: boolean;
  /** Lines of unknown types marked ignorable, skipped. */
  skipped: number;
  size: number;
}

export interface LoadedLog extends ReplayedLog {
  events: SessionEvent[];
}

export function parseHeaderLine(path: string, text: string): SessionHeader {
  const json = parseJson(text);
  const version = typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
  if (typeof version === 'number' && version > LOG_FORMAT_VERSION) {
    throw new LogLoadError(
      path,
      1,
      `this log was written in format version ${version}, newer than this build reads ` +
        `(${LOG_FORMAT_VERSION}). Update Agent Checklist to open it; nothing was changed.`,
    );
  }
  const header = sessionHeaderSchema.safeParse(json);
  if (!header.success)
    throw new LogLoadError(
      path,
      1,
      'not an Agent Checklist session log (the first line is not a valid session header)',
    );
  return header.data;
}

/** Loads every event into memory (a writer continues from the result). */
export function loadLogFile(path: string): LoadedLog {
  const events: SessionEvent[] = [];
  const replayed = replayLogFile(path, (event) => void events.push(event));
  return { ...replayed, events };
}

/**
 * One event line (not the header), validated exactly as a load validates it: the
 * envelope, the event's schema, the invariants (`checker` advances). Returns the
 * event, or null for a skipped ignorable line of an unknown type; throws LogLoadError.
 * The tail reader (tail-reader.ts) uses it too, so `plan` refuses what `check` refuses.
 */
export function admitEventLine(
  path: string,
  checker: InvariantChecker,
  text: string,
  line: number,
): SessionEvent | null {
  const raw = rawEnvelopeReader.safeParse(parseJson(text));
  if (!raw.success)
    throw new LogLoadError(path, line, 'not a valid event line (broken JSON or missing envelope fields)');
  if (!isKnownEventType(raw.data.type)) {
    if (raw.data.ignorable !== true) {
      throw new LogLoadError(
        path,
        line,
        `unknown event type ${JSON.stringify(raw.data.type)}: this log was probably written ` +
          `by a newer Agent Checklist. Update Agent Checklist to open it; nothing was changed.`,
      );
    }
    const problem = checker.skip(raw.data.seq);
    if (problem) throw new LogLoadError(path, line, problem);
    return null;
  }
  const event = parseEvent(raw.data);
  if (typeof event === 'string') throw new LogLoadError(path, line, event);
  const problem = checker.check(event);
  if (problem) throw new LogLoadError(path, line, `invariant broken: ${problem}`);
  checker.accept(event);
  return event;
}

/**
 * Streams a log through full validation without keeping it: `onEvent` sees each
 * event once, in order (fold projections here). Memory stays flat for any size.
 */
export function replayLogFile(path: string, onEvent: (event: SessionEvent) => void): ReplayedLog {
  const admitter = new LogAdmitter(path, onEvent);
  return admitter.finish(forEachLine(path, ({ text, line }) => admitter.take(text, line)));
}

/**
 * A log's lines admitted in order (the header, then each event validated in full),
 * however they are read: the sync replay above and the streamed one (log-stream.ts)
 * both feed it, so both accept and refuse exactly the same logs.
 */
export class LogAdmitter {
  private header: SessionHeader | undefined;
  private readonly checker = new InvariantChecker();
  private skipped = 0;
  private lines = 0;

  constructor(
    private readonly path: string,
    private readonly onEvent: (event: SessionEvent) => void,
  ) {}

  /** One newline-terminated line (1-based `line`). */
  take(text: string, line: number): void {
    this.lines = line;
    if (line === 1) {
      this.header = parseHeaderLine(this.path, text);
      return;
    }
    const event = admitEventLine(this.path, this.checker, text, line);
    if (event === null) this.skipped++;
    else this.onEvent(event);
  }

  /** After the last line: the bytes after it decide the torn tail. */
  finish(result: ForwardResult): ReplayedLog {
    let tornTail: LoadedLog['tornTail'] = null;
    let missingFinalNewline = false;
    if (result.unterminated) {
      // A line without its newline: keep it only if it is a whole, valid event (the cut
      // fell exactly before the newline); any proper prefix of a JSON object is not JSON.
      const { start, text } = result.unterminated;
      const complete = parseJson(text) !== undefined;
      if (complete) {
        this.take(text, this.lines + 1);
        missingFinalNewline = true;
      } else {
        tornTail = { start, bytes: result.size - start };
      }
    }
    if (!this.header) throw new LogLoadError(this.path, 1, 'empty log: no session header');
    return {
      path: this.path,
      header: this.header,
      checker: this.checker,
      tornTail,
      missingFinalNewline,
      skipped: this.skipped,
      size: result.size,
    };
  }
}
