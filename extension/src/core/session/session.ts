// A session: the append-only event log in memory, with its invariants, its durable
// sink and its subscribers.
//
// append() order is the contract: validate data (zod) -> check invariants ->
// write to the sink (disk) -> commit in memory (frozen) -> notify subscribers.
// The sink runs BEFORE commit and may veto by throwing: an event that did not
// reach disk never exists in memory either (the design's "store as a subscriber"
// could not refuse). Subscribers run after commit, each in its own try/catch: a
// throwing subscriber breaks neither the append nor the other subscribers.
import { type Disposable, toDisposable } from '../disposable';
import {
  buildEnvelope,
  eventDataSchemas,
  type SessionEvent,
  type SessionEventMap,
  type SessionEventType,
} from './events';
import type { SessionHeader } from './header';
import { issuesText } from '../zod-issues';
import { InvariantChecker, InvariantViolation } from './invariants';

/** Durable storage for a session's events; `write` throws to refuse the append. */
export interface LogSink {
  write(event: SessionEvent): void;
}

export type SessionListener = (event: SessionEvent, session: Session) => void;

/**
 * The events a session was opened with, left on disk instead of in memory (a large
 * log opens streamed: its folds were made while it was read). They are read back,
 * checked as an open checks them, the first time a reader needs the whole log.
 */
export interface EventsOnDisk {
  /** The last of them. */
  readonly last: SessionEvent | undefined;
  /** Every one of them, in order (holds the event loop: the async read is for the host). */
  read(): SessionEvent[];
  readAsync(signal?: AbortSignal): Promise<SessionEvent[]>;
}

export interface SessionOptions {
  sink?: LogSink;
  now?: () => Date;
  /** Where a throwing subscriber is reported (default: console.error). */
  onListenerError?: (error: unknown, event: SessionEvent) => void;
}

export class Session {
  /** The events in memory: all of them, or those after `onDisk`'s. */
  private log: SessionEvent[] = [];
  private onDisk: EventsOnDisk | null = null;
  private readonly listeners = new Set<SessionListener>();
  private sink: LogSink | undefined;
  private readonly now: () => Date;
  private readonly onListenerError: (error: unknown, event: SessionEvent) => void;

  private readonly checker: InvariantChecker;

  constructor(
    readonly header: SessionHeader,
    options: SessionOptions = {},
    checker: InvariantChecker = new InvariantChecker(),
  ) {
    this.checker = checker;
    this.sink = options.sink;
    this.now = options.now ?? (() => new Date());
    this.onListenerError =
      options.onListenerError ??
      ((error, event) => console.error(`[agent-checklist] subscriber failed on ${event.type} #${event.seq}:`, error));
  }

  /** Continues a log the store already loaded and checked (no second pass over it). */
  static restore(
    loaded: { header: SessionHeader; events: SessionEvent[]; checker: InvariantChecker },
    options: SessionOptions = {},
  ): Session {
    const session = new Session(loaded.header, options, loaded.checker);
    for (const event of loaded.events) session.log.push(deepFreeze(event));
    return session;
  }

  /** Continues a log the store streamed and checked, its events left on disk (`onDisk`) until a reader needs them. */
  static restoreOnDisk(
    streamed: { header: SessionHeader; checker: InvariantChecker },
    onDisk: EventsOnDisk,
    options: SessionOptions = {},
  ): Session {
    const session = new Session(streamed.header, options, streamed.checker);
    session.onDisk = onDisk;
    return session;
  }

  /** Rebuilds a session from stored events (already parsed), checking every invariant. */
  static fromEvents(header: SessionHeader, events: Iterable<SessionEvent>, options: SessionOptions = {}): Session {
    const session = new Session(header, options);
    for (const event of events) {
      session.checker.admit(event);
      session.log.push(deepFreeze(event));
    }
    return session;
  }

  get id(): string {
    return this.header.id;
  }

  /**
   * Every event; a session whose events are on disk reads them
   * back first (synchronously: prefer `loadEvents` on the host).
   */
  get events(): readonly SessionEvent[] {
    if (this.onDisk) this.takeBack(this.onDisk.read());
    return this.log;
  }

  /** Every event, when they are in memory; null while the opened log's are on disk. */
  get residentEvents(): readonly SessionEvent[] | null {
    return this.onDisk ? null : this.log;
  }

  /** Every event, read back without holding the event loop when they are on disk. */
  async loadEvents(signal?: AbortSignal): Promise<readonly SessionEvent[]> {
    const onDisk = this.onDisk;
    if (onDisk) {
      const read = await onDisk.readAsync(signal);
      if (this.onDisk === onDisk) this.takeBack(read);
    }
    return this.log;
  }

  /** The latest event, in memory or not. */
  get lastEvent(): SessionEvent | undefined {
    return this.log.at(-1) ?? this.onDisk?.last;
  }

  private takeBack(read: SessionEvent[]): void {
    const last = this.onDisk?.last?.seq ?? 0;
    if ((read.at(-1)?.seq ?? 0) !== last)
      throw new InvariantViolation(
        `the log on disk no longer holds the events this session opened with (through seq ${last})`,
        last,
      );
    for (const event of read) deepFreeze(event);
    for (const event of this.log) read.push(event);
    this.log = read;
    this.onDisk = null;
  }

  get lastSeq(): number {
    return this.checker.position.lastSeq;
  }

  get lastTurn(): number {
    return this.checker.position.lastTurn;
  }

  get openTurn(): number | null {
    return this.checker.position.openTurn;
  }

  get openStep(): number | null {
    return this.checker.position.openStep?.step ?? null;
  }

  get lastStep(): number {
    return this.checker.position.lastStep;
  }

  /** The latest turn/start, step/end, turn/end or context/compact (0: none): where a compaction may summarize up to. */
  get boundarySeq(): number {
    return this.checker.position.boundarySeq;
  }

  /** Calls of the open step that still owe a tool/result. */
  pendingCalls(): { callId: string; started: boolean }[] {
    return this.checker.pendingCalls();
  }

  attachSink(sink: LogSink): void {
    this.sink = sink;
  }

  append<K extends SessionEventType>(type: K, data: SessionEventMap[K]): SessionEvent {
    const parsed = eventDataSchemas[type].safeParse(data);
    if (!parsed.success) {
      const what = issuesText(parsed.error.issues);
      throw new InvariantViolation(`invalid ${type} data: ${what}`, this.lastSeq + 1);
    }
    const event = deepFreeze(buildEnvelope(type, this.lastSeq + 1, this.now().toISOString(), parsed.data));
    const problem = this.checker.check(event);
    if (problem) throw new InvariantViolation(problem, event.seq);
    this.sink?.write(event);
    this.checker.accept(event);
    this.log.push(event);
    this.notify(event);
    return event;
  }

  /**
   * Commits an event a follower read from this session's log as another process
   * wrote it, ALREADY admitted by this session's checker (core/store/log-follower.ts
   * shares it): kept and notified exactly as an append is. Never for events this
   * process makes (those go through append()).
   */
  ingest(event: SessionEvent): void {
    const last = this.lastEvent?.seq ?? 0;
    if (event.seq <= last || event.seq > this.lastSeq)
      throw new InvariantViolation(
        `ingest of seq ${event.seq}: not admitted after ${last} by this session's checker (at ${this.lastSeq})`,
        event.seq,
      );
    const frozen = deepFreeze(event);
    this.log.push(frozen);
    this.notify(frozen);
  }

  private notify(event: SessionEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, this);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  subscribe(listener: SessionListener): Disposable {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
