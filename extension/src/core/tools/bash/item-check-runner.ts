// The one service that runs items' checks in a live session (issue 52), used by the
// editor's session and the CLI's `run` alike. It follows the session's events with the
// checks' pure fold (core/plan/item-checks.ts) and, after each plan write or check
// decision, asks core/plan/check-states.ts checksDue which completions need their check
// run now (once per completion; a check from the plan file waits for acceptance). Each
// runs through check-run.ts (the bash tool's sandbox and limits, one at a time per
// workspace, off the event loop) and is recorded as one check/result. Run Check queues
// an item's check on request. Stop (cancel) kills the running check, recorded with
// exitCode null, and drops the queued ones; a later plan write queues what is still due.
// Each result names the log's last seq as its check started (`startSeq`): an item changed
// while its check ran (reopened, completed again) is not verified by it, and what is due
// again then is queued once the run ends.
// `settled()` resolves once nothing is queued or running: the agent loop waits on it
// before a request so that a failed check reaches the model's next request.
// A followed agent's session (`side`: its log's path) is not ours to write: its checks'
// events live in its checks side log (core/store/side-checks.ts), folded with the log's
// (core/plan/side-checks.ts); a due check runs only while this process holds the side
// log's run lock and, reading the side log again under it, still finds it due (a second
// window or the CLI does not run it twice); its result is appended to the side log.
import type { Disposable } from '../../disposable';
import { checksDue, type ItemCheckRef } from '../../plan/check-states';
import { itemChecksProjection, type ItemChecksState } from '../../plan/item-checks';
import { foldChecksWithSide, sideAt } from '../../plan/side-checks';
import type { SessionEvent } from '../../session/events';
import { fold } from '../../session/projection';
import type { Session } from '../../session/session';
import { appendSideCheck, claimCheckRun, readSideChecks } from '../../store/side-checks';
import { runAndRecord, type CheckOutcome, type CheckResultData, type CheckRunOptions } from './check-run';

export interface ItemCheckRunnerOptions {
  /** How each check runs (workspace, sandbox, environment, timeout), read as it starts; the runner adds the signal. */
  run: () => Omit<CheckRunOptions, 'signal'>;
  /** The default check (agentChecklist.checks.default), read at each decision; absent or empty: none. */
  defaultCommand?: () => string | null;
  /** The running or queued items changed (the views' `running` state). */
  onChange?: () => void;
  /** A check ran (after its check/result is appended). */
  onResult?: (ref: ItemCheckRef, outcome: CheckOutcome) => void;
  /** A result could not be recorded (the log closed or was taken over). */
  onError?: (error: unknown) => void;
  /** The fold so far, when the caller has it (else the session's events are folded once). */
  initial?: ItemChecksState;
  /** A followed session's log path: its checks' events are in its checks side log (module header). */
  side?: string;
}

const PLAN_EVENTS = new Set<SessionEvent['type']>([
  'todo/write',
  'todo/user-edit',
  'plan/check-set',
  'plan/check-accepted',
]);
const keyOf = (ref: ItemCheckRef): string => `${ref.itemId}\u0000${ref.command}`;

export class ItemCheckRunner implements Disposable {
  private state: ItemChecksState;
  private readonly queued = new Map<string, ItemCheckRef>();
  private readonly runningIds = new Set<string>();
  private current: AbortController | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly subscription: Disposable;
  private disposed = false;

  constructor(
    private readonly session: Session,
    private readonly options: ItemCheckRunnerOptions,
  ) {
    this.state =
      options.side !== undefined
        ? this.sideFold(options.side)
        : (options.initial ?? fold(itemChecksProjection, session.events));
    this.subscription = session.subscribe((event) => this.onEvent(event));
    this.enqueue(this.due());
  }

  /** The itemIds whose check is queued or running (check-states.ts CheckOptions.running). */
  get running(): ReadonlySet<string> {
    return this.runningIds;
  }

  /** Run Check: queues the item's check whatever its state (an unaccepted one is the caller's to accept first). */
  runItem(ref: ItemCheckRef): void {
    this.enqueue([ref], true);
  }

  /** The checks' fold as this runner sees it (a followed session's side log merged in). */
  get checks(): ItemChecksState {
    return this.state;
  }

  /** A followed session's checks side log changed (a check set or accepted there): read it again, run what is due. */
  sideChanged(): void {
    if (this.options.side === undefined || this.disposed) return;
    this.state = this.sideFold(this.options.side);
    this.enqueue(this.due());
  }

  /** Resolves once nothing is queued or running. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Stop: the running check is killed (recorded as cancelled), the queued ones dropped. */
  cancel(): void {
    const dropped = [...this.queued.values()].filter((ref) => !this.isCurrent(ref));
    for (const ref of dropped) this.queued.delete(keyOf(ref));
    this.current?.abort();
    this.changed();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.subscription.dispose();
    this.cancel();
  }

  private runningKey: string | null = null;

  private isCurrent(ref: ItemCheckRef): boolean {
    return this.runningKey === keyOf(ref);
  }

  private onEvent(event: SessionEvent): void {
    this.state = itemChecksProjection.apply(this.state, event);
    if (PLAN_EVENTS.has(event.type)) this.enqueue(this.due());
  }

  private due(): ItemCheckRef[] {
    return checksDue(this.state, { defaultCommand: this.options.defaultCommand?.() ?? null });
  }

  private enqueue(refs: readonly ItemCheckRef[], onRequest = false): void {
    if (this.disposed) return;
    for (const ref of refs) {
      const key = keyOf(ref);
      if (this.queued.has(key)) continue;
      this.queued.set(key, ref);
      this.runningIds.add(ref.itemId);
      this.chain = this.chain.then(() => this.runQueued(key, onRequest));
    }
    if (refs.length > 0) this.changed();
  }

  /** Runs a queued check unless it was dropped or (by itself) is no longer due. */
  private async runQueued(key: string, onRequest: boolean): Promise<void> {
    const ref = this.queued.get(key);
    if (ref === undefined || this.disposed) return;
    let recorded = false;
    const side = this.options.side;
    let claim: Disposable | null = null;
    try {
      claim = side === undefined ? null : claimCheckRun(side);
      if (side !== undefined) this.state = this.sideFold(side);
      const stillDue = onRequest || this.due().some((d) => keyOf(d) === key);
      if (stillDue && (side === undefined || claim !== null)) recorded = await this.runOne(ref, key);
    } catch (error) {
      this.options.onError?.(error); // the side log could not be read or locked: nothing ran
    } finally {
      claim?.dispose();
    }
    this.queued.delete(key);
    this.runningIds.clear();
    for (const left of this.queued.values()) this.runningIds.add(left.itemId);
    this.changed();
    // Its item completed again while its check ran: that completion's check is due now.
    if (recorded) this.enqueue(this.due().filter((d) => d.itemId === ref.itemId));
  }

  /** Runs one check; true when its result was recorded. */
  private async runOne(ref: ItemCheckRef, key: string): Promise<boolean> {
    const controller = new AbortController();
    this.current = controller;
    this.runningKey = key;
    const startSeq = this.session.lastSeq;
    try {
      const options = { ...this.options.run(), signal: controller.signal };
      const outcome = await runAndRecord({ ...ref, startSeq }, options, (data) => this.record(data));
      this.options.onResult?.(ref, outcome);
      return true;
    } catch (error) {
      this.options.onError?.(error);
      return false;
    } finally {
      this.current = null;
      this.runningKey = null;
    }
  }

  /** The result on the session's log, or on a followed session's side log (folded here: the log never hears it). */
  private record(data: CheckResultData): void {
    const side = this.options.side;
    if (side === undefined) {
      this.session.append('check/result', data);
      return;
    }
    const event = appendSideCheck(side, this.session.lastSeq, 'check/result', data);
    this.state = itemChecksProjection.apply(this.state, sideAt(event));
  }

  private sideFold(side: string): ItemChecksState {
    return foldChecksWithSide(this.session.events, readSideChecks(side));
  }

  private changed(): void {
    this.options.onChange?.();
  }
}
