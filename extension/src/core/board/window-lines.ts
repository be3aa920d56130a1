// A log window's lines (log-window.ts), each typed only when asked: its event type is
// read off the line's start (`{"seq":…,"ts":"…","type":"…"`, the order every writer of
// ours puts them in), and the line is parsed and checked against the event map only
// when its event is asked for. A line whose start is not that is parsed whole to type
// it: one that is no event makes the log unreadable (the reason names its byte
// offset), as does an event of an unknown type that is not ignorable (an ignorable one
// is passed over: its type is null). The lines no card rule asks about are not read.
import { isKnownEventType, parseEvent, rawEnvelopeReader, type SessionEvent } from '../session/events';
import { parseJson } from '../store/parse-json';

/** A line's start as our writers write it; sticky, tried at each line's start. */
const PREFIX = /\{"seq":[1-9]\d*,"ts":"(?:[^"\\\n]|\\.)*","type":"([^"\\\n]+)"/y;

/** The type a line's start names, when the line starts as our writers write it. */
export function prefixType(text: string, from: number): string | undefined {
  PREFIX.lastIndex = from;
  return PREFIX.exec(text)?.[1];
}

export class WindowLines {
  private readonly types: (string | null | undefined)[] = [];
  /** The lines parsed so far (a rule may ask for an event twice). */
  private readonly parsedEvents: (SessionEvent | undefined)[] = [];

  /**
   * `scan`: the window's bytes one character each (latin1), `bytes` the same bytes,
   * `floor` the file offset of the first; line i is [from[i], to[i]) of them.
   */
  constructor(
    private readonly window: { scan: string; tail: Buffer; floor: number },
    private readonly from: readonly number[],
    private readonly to: readonly number[],
  ) {}

  get length(): number {
    return this.from.length;
  }

  /** Line i's event type; null for an ignorable event of a type this reader does not know. */
  type(i: number): string | null {
    let type = this.types[i];
    if (type === undefined) {
      const named = prefixType(this.window.scan, this.from[i]!);
      type = named !== undefined && isKnownEventType(named) ? named : (this.parsed(i, true)?.type ?? null);
      this.types[i] = type;
    }
    return type;
  }

  /** Line i's event, parsed and checked; throws (the log is unreadable) when it is not one. */
  event(i: number): SessionEvent {
    return this.parsed(i, false)!;
  }

  /** The events from line `start` on whose type is one of `types`, oldest first. */
  events(start: number, types: ReadonlySet<string>): SessionEvent[] {
    const out: SessionEvent[] = [];
    for (let i = Math.max(0, start); i < this.length; i++) {
      const type = this.type(i);
      if (type !== null && types.has(type)) out.push(this.event(i));
    }
    return out;
  }

  /** The newest line that is an event this reader knows; -1 when none. */
  newest(): number {
    for (let i = this.length - 1; i >= 0; i--) if (this.type(i) !== null) return i;
    return -1;
  }

  /** The newest turn/start or turn/end; -1 when none. */
  latestTurnMark(): number {
    for (let i = this.length - 1; i >= 0; i--) {
      const type = this.type(i);
      if (type === 'turn/start' || type === 'turn/end') return i;
    }
    return -1;
  }

  /** The oldest event of `type`, or undefined. */
  first(type: string): SessionEvent | undefined {
    for (let i = 0; i < this.length; i++) if (this.type(i) === type) return this.event(i);
    return undefined;
  }

  /**
   * Whether a line may be of `type`: its `"type":"…"` is in the window's text (a JSON
   * string escapes its quotes, so text inside a value never matches). False is sure for
   * lines as our writers write them. Searched in the bytes (a string's search was a
   * tenth of the board's time).
   */
  mayHold(type: string): boolean {
    return this.window.tail.includes(`"type":"${type}"`, 0, 'latin1');
  }

  private parsed(i: number, skipIgnorable: boolean): SessionEvent | null {
    const known = this.parsedEvents[i];
    if (known !== undefined) return known;
    const at = this.window.floor + this.from[i]!;
    const raw = rawEnvelopeReader.safeParse(parseJson(this.window.tail.toString('utf8', this.from[i], this.to[i])));
    if (!raw.success) throw new Error(`the line at byte ${at} is not a valid event`);
    const event = parseEvent(raw.data);
    if (typeof event !== 'string') return (this.parsedEvents[i] = event);
    if (skipIgnorable && raw.data.ignorable) return null;
    throw new Error(`the line at byte ${at}: ${event}`);
  }
}
