// The items' checks of the shown session (issue 52): their fold (core/plan/item-checks.ts)
// for the surfaces' check states, and, when this window writes it, the core's one
// runner (core/tools/bash/item-check-runner.ts, started by shown-check-runner.ts, a lazy
// module) over it; both start once its events are in memory (loaded off the host's event
// loop first), with what bash gets from the settings (workspaceToolPolicy: the sandbox,
// the network setting, the environment without its secrets),
// agentChecklist.checks.timeoutSeconds and .default. A followed (or imported)
// session's checks live in its checks side log (core/store/side-checks.ts): its fold
// merges them in, its runner records there (in the log's workspace, its header's cwd),
// and Set Check… / Remove Check land there (side-check-decision.ts); its checks run
// only when that workspace is one of the window's local folders. Other read-only
// sessions, and a window without a local folder, get no runner. Our agent's turn waits on
// it before each request and a Stop cancels it (agent-turn.ts; the Stop command outside a
// turn too); Run Check queues on it. When a write completes an item whose check from the
// plan file waits for acceptance, it says so (onDidAwaitAcceptance: the commands ask).
import * as vscode from 'vscode';
import {
  checksAwaitingAcceptance,
  itemCheckViews,
  type ItemCheckRef,
  type ItemCheckView,
} from '../../core/plan/check-states';
import { itemChecksProjection, type ItemChecksState } from '../../core/plan/item-checks';
import { checkedPlanView } from '../../core/presenters/plan-check-view';
import type { PlanView } from '../../core/protocol/plan-view';
import type { CheckDecision, PlanEditOutcome } from '../../core/plan/plan-editor';
import { fold } from '../../core/session/projection';
import type { SessionEvent } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import type { ItemCheckRunner } from '../../core/tools/bash/item-check-runner';
import { lazyModule, type LazyRequire } from '../../core/lazy-module';
import { keptBeside } from '../../core/session/header';
import type { AgentSettings } from '../host/settings';
import type { OpenedSession } from '../session/opened-session';
import type * as RunnerModule from './shown-check-runner';
import type * as SideDecisionModule from './side-check-decision';
import type * as SideFoldModule from './side-checks-fold';

declare const require: LazyRequire<{
  './shown-check-runner': typeof RunnerModule;
  './side-check-decision': typeof SideDecisionModule;
  './side-checks-fold': typeof SideFoldModule;
}>;
/** The runner and what it runs checks with, loaded when a session this window writes is first shown. */
const runnerModule = lazyModule(() => require('./shown-check-runner'));
/** A check decision on a followed session's item, loaded at the first one. */
const sideDecision = lazyModule(() => require('./side-check-decision'));
/** A followed session's checks folded with its side log, loaded when one is first shown. */
const sideFold = lazyModule(() => require('./side-checks-fold'));

const CHECK_SURFACE_EVENTS = new Set<SessionEvent['type']>([
  'plan/check-set',
  'plan/check-accepted',
  'check/result',
  'checkpoint/created',
  'changes/reverted',
]);

/** The window's local folder at `cwd` (a followed session's workspace), else undefined. */
function openFolder(cwd: string | undefined): string | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.find((f) => f.uri.scheme === 'file' && cwd !== undefined && f.uri.fsPath === cwd)?.uri.fsPath;
}

export interface ShownChecksOptions {
  settings: () => AgentSettings;
  workspaceFolder: vscode.Uri | undefined;
  log: vscode.LogOutputChannel;
}

export class ShownChecks implements vscode.Disposable {
  private runner: ItemCheckRunner | null = null;
  private shown: Session | null = null;
  /** The shown session's log path when its checks live in its side log, else null. */
  private side: string | null = null;
  private state: ItemChecksState = itemChecksProjection.init;
  private following: vscode.Disposable | null = null;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** The running or queued checks changed, or a runner started or ended. */
  readonly onDidChange = this.emitter.event;
  private readonly awaiting = new vscode.EventEmitter<ItemCheckRef[]>();
  /** Items completed whose check from the plan file waits for the user's acceptance (asked once per completion). */
  readonly onDidAwaitAcceptance = this.awaiting.event;

  constructor(private readonly options: ShownChecksOptions) {}

  /** The session shown now: its checks' fold, and its runner when this window writes it. */
  show(opened: OpenedSession | null): void {
    if (opened?.session === this.shown) return;
    this.stop();
    this.shown = opened?.session ?? null;
    if (!opened) return this.emitter.fire();
    const session = opened.session;
    void session.loadEvents().then(
      () => {
        if (this.shown !== session || this.following !== null) return;
        this.side = keptBeside(session.header) ? opened.path : null;
        this.refold();
        this.following = session.subscribe((event) => {
          this.state = itemChecksProjection.apply(this.state, event);
          if (CHECK_SURFACE_EVENTS.has(event.type)) this.emitter.fire();
          if (this.runner === null || (event.type !== 'todo/write' && event.type !== 'todo/user-edit')) return;
          const asks = checksAwaitingAcceptance(this.state, event.seq);
          if (asks.length > 0) this.awaiting.fire(asks);
        });
        const folder = this.options.workspaceFolder;
        const root = this.side === null ? folder?.fsPath : openFolder(session.header.cwd);
        if ((!opened.readOnly || this.side !== null) && folder?.scheme === 'file' && root !== undefined)
          this.runner = this.start(session, root);
        this.emitter.fire();
      },
      (error: unknown) => this.options.log.warn(`items' checks not read: ${String(error)}`),
    );
  }

  /**
   * A check decision on a followed session's item, into its checks side log; null when the shown session's checks are
   * its own log's (the plan editor lands them).
   */
  decideOnSide(decision: CheckDecision): PlanEditOutcome | null {
    const side = this.side;
    if (side === null || this.shown === null) return null;
    const outcome = sideDecision().decideCheckOnSide(side, this.shown, this.state, decision);
    if (outcome.kind !== 'applied') return outcome;
    this.refold();
    this.runner?.sideChanged();
    this.emitter.fire();
    return outcome;
  }

  /** The shown session's checks live in its side log (a followed session): Set Check… lands there. */
  get onSide(): boolean {
    return this.side !== null;
  }

  /** The shown item's check as the surfaces show it (null: none), by its itemId when given, else its text. */
  viewOf(content: string, itemId?: string): ItemCheckView | null {
    const index = this.indexOf(content, itemId);
    return index < 0 ? null : (this.views()[index] ?? null);
  }

  /** The check of the tree's row at `index` with this text (of two items with the same text, its own). */
  viewAt(index: number, content: string): ItemCheckView | null {
    return this.viewOf(content, this.itemIdAt(index, content));
  }

  /** The itemId of the item at `index` of the shown plan when it has that text there (the tree's rows). */
  itemIdAt(index: number, content: string): string | undefined {
    const item = this.state.version?.items[index];
    return item?.content === content ? item.itemId : undefined;
  }

  /** The strip's plan with its items' ids and checks (core/presenters/plan-check-view.ts). */
  checkedView(view: PlanView): PlanView {
    const options = { defaultCommand: this.options.settings().checksDefault, running: this.running };
    return checkedPlanView(view, this.state, options);
  }

  /** Each item's check view, index for index with the checks' latest plan version. */
  views(): (ItemCheckView | null)[] {
    return itemCheckViews(this.state, { defaultCommand: this.options.settings().checksDefault, running: this.running });
  }

  /** The item's check as Run Check runs it (null: the item has none). */
  refOf(content: string, itemId?: string): ItemCheckRef | null {
    const index = this.indexOf(content, itemId);
    const item = this.state.version?.items[index];
    const view = this.viewOf(content, itemId);
    if (item === undefined || view === null) return null;
    const accepted = view.state !== 'waiting-acceptance';
    return { itemId: item.itemId, item: item.content, command: view.command, accepted };
  }

  /** The runner of `session` while it is shown (the turn waits on it), else null. */
  of(session: Session): ItemCheckRunner | null {
    return this.shown === session ? this.runner : null;
  }

  /** The itemIds whose check is queued or running. */
  get running(): ReadonlySet<string> {
    return this.runner?.running ?? new Set();
  }

  /** Run Check; false when the shown session has no runner (read-only, no local folder). */
  run(ref: ItemCheckRef): boolean {
    this.runner?.runItem(ref);
    return this.runner !== null;
  }

  cancel(): void {
    this.runner?.cancel();
  }

  dispose(): void {
    this.stop();
    this.emitter.dispose();
    this.awaiting.dispose();
  }

  /** The item's place in the checks' latest version: by its itemId when it names one there, else by its text. */
  private indexOf(content: string, itemId?: string): number {
    const items = this.state.version?.items ?? [];
    const byId = itemId === undefined ? -1 : items.findIndex((i) => i.itemId === itemId);
    return byId >= 0 ? byId : items.findIndex((i) => i.content === content);
  }

  private stop(): void {
    this.runner?.dispose();
    this.runner = null;
    this.following?.dispose();
    this.following = null;
    this.side = null;
    this.state = itemChecksProjection.init;
  }

  /** The shown session's checks folded again (a followed session's side log read again). */
  private refold(): void {
    const events = this.shown?.events ?? [];
    this.state = this.side === null ? fold(itemChecksProjection, events) : sideFold().foldWithSide(events, this.side);
  }

  private start(session: Session, root: string): ItemCheckRunner {
    const { settings, log } = this.options;
    const onChange = (): void => {
      if (this.side !== null && this.runner !== null) this.state = this.runner.checks;
      this.emitter.fire();
    };
    const side = this.side === null ? {} : { side: this.side };
    return runnerModule().startCheckRunner(session, root, { settings, log, initial: this.state, onChange, ...side });
  }
}
