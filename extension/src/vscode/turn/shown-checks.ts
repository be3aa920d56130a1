// The items' checks of the shown session (issue 52): their fold (core/plan/item-checks.ts)
// for the surfaces' check states, and, when this window writes it, the core's one
// runner (core/tools/bash/item-check-runner.ts, started by shown-check-runner.ts, a lazy
// module) over it; both start once its events are in memory (loaded off the host's event
// loop first), with what bash gets from the settings (workspaceToolPolicy: the sandbox,
// the network setting, the environment without its secrets),
// agentChecklist.checks.timeoutSeconds and .default. Read-only and followed
// sessions, and a window without a local folder, get none. Our agent's turn waits on it
// before each request and a Stop cancels it (agent-turn.ts); Run Check queues on it.
import * as vscode from 'vscode';
import { itemCheckViews, type ItemCheckRef, type ItemCheckView } from '../../core/plan/check-states';
import { itemChecksProjection, type ItemChecksState } from '../../core/plan/item-checks';
import { fold } from '../../core/session/projection';
import type { SessionEvent } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import type { ItemCheckRunner } from '../../core/tools/bash/item-check-runner';
import { lazyModule, type LazyRequire } from '../../core/lazy-module';
import type { AgentSettings } from '../host/settings';
import type { OpenedSession } from '../session/opened-session';
import type * as RunnerModule from './shown-check-runner';

declare const require: LazyRequire<{ './shown-check-runner': typeof RunnerModule }>;
/** The runner and what it runs checks with, loaded when a session this window writes is first shown. */
const runnerModule = lazyModule(() => require('./shown-check-runner'));

const CHECK_SURFACE_EVENTS = new Set<SessionEvent['type']>([
  'plan/check-set',
  'plan/check-accepted',
  'check/result',
  'checkpoint/created',
  'changes/reverted',
]);

export interface ShownChecksOptions {
  settings: () => AgentSettings;
  workspaceFolder: vscode.Uri | undefined;
  log: vscode.LogOutputChannel;
}

export class ShownChecks implements vscode.Disposable {
  private runner: ItemCheckRunner | null = null;
  private shown: Session | null = null;
  private state: ItemChecksState = itemChecksProjection.init;
  private following: vscode.Disposable | null = null;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** The running or queued checks changed, or a runner started or ended. */
  readonly onDidChange = this.emitter.event;

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
        this.state = fold(itemChecksProjection, session.events);
        this.following = session.subscribe((event) => {
          this.state = itemChecksProjection.apply(this.state, event);
          if (CHECK_SURFACE_EVENTS.has(event.type)) this.emitter.fire();
        });
        const folder = this.options.workspaceFolder;
        if (!opened.readOnly && folder?.scheme === 'file') this.runner = this.start(session, folder.fsPath);
        this.emitter.fire();
      },
      (error: unknown) => this.options.log.warn(`items' checks not read: ${String(error)}`),
    );
  }

  /** The shown item's check as the surfaces show it (null: none), by its text. */
  viewOf(content: string): ItemCheckView | null {
    const index = this.state.version?.items.findIndex((i) => i.content === content) ?? -1;
    return index < 0 ? null : (this.views()[index] ?? null);
  }

  /** Each item's check view, index for index with the checks' latest plan version. */
  views(): (ItemCheckView | null)[] {
    return itemCheckViews(this.state, { defaultCommand: this.options.settings().checksDefault, running: this.running });
  }

  /** The item's check as Run Check runs it (null: the item has none). */
  refOf(content: string): ItemCheckRef | null {
    const item = this.state.version?.items.find((i) => i.content === content);
    const view = this.viewOf(content);
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
  }

  private stop(): void {
    this.runner?.dispose();
    this.runner = null;
    this.following?.dispose();
    this.following = null;
    this.state = itemChecksProjection.init;
  }

  private start(session: Session, root: string): ItemCheckRunner {
    const { settings, log } = this.options;
    const onChange = (): void => this.emitter.fire();
    return runnerModule().startCheckRunner(session, root, { settings, log, initial: this.state, onChange });
  }
}
