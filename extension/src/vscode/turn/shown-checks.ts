// The items' checks of the shown session this window writes (issue 52): the core's one
// runner (core/tools/bash/item-check-runner.ts) over it, started once its events are in
// memory (loaded off the host's event loop first), with what bash gets from the settings
// (workspaceToolPolicy: the sandbox, the network setting, the environment without its
// secrets), agentChecklist.checks.timeoutSeconds and .default. Read-only and followed
// sessions, and a window without a local folder, get none. Our agent's turn waits on it
// before each request and a Stop cancels it (agent-turn.ts); Run Check queues on it.
import * as vscode from 'vscode';
import type { ItemCheckRef } from '../../core/plan/check-states';
import type { Session } from '../../core/session/session';
import { ItemCheckRunner } from '../../core/tools/bash/item-check-runner';
import { NodeWorkspaceFs } from '../../core/tools/node-workspace-fs';
import { Redactor, toolEnvironment } from '../../core/tools/tool-env';
import { Workspace } from '../../core/tools/workspace';
import type { AgentSettings } from '../host/settings';
import type { OpenedSession } from '../session/opened-session';
import { workspaceToolPolicy } from './turn-tools';

export interface ShownChecksOptions {
  settings: () => AgentSettings;
  workspaceFolder: vscode.Uri | undefined;
  log: vscode.LogOutputChannel;
}

export class ShownChecks implements vscode.Disposable {
  private runner: ItemCheckRunner | null = null;
  private shown: Session | null = null;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** The running or queued checks changed, or a runner started or ended. */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly options: ShownChecksOptions) {}

  /** The session shown now: its runner when this window writes it (after its events are loaded). */
  show(opened: OpenedSession | null): void {
    if (opened?.session === this.shown) return;
    this.runner?.dispose();
    this.runner = null;
    this.shown = opened?.session ?? null;
    const folder = this.options.workspaceFolder;
    if (!opened || opened.readOnly || folder?.scheme !== 'file') return this.emitter.fire();
    const session = opened.session;
    void session.loadEvents().then(
      () => {
        if (this.shown === session && this.runner === null) this.runner = this.start(session, folder.fsPath);
        this.emitter.fire();
      },
      (error: unknown) => this.options.log.warn(`items' checks not started: ${String(error)}`),
    );
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
    this.runner?.dispose();
    this.runner = null;
    this.emitter.dispose();
  }

  private start(session: Session, root: string): ItemCheckRunner {
    const { settings, log } = this.options;
    return new ItemCheckRunner(session, {
      run: () => {
        const policy = workspaceToolPolicy(settings(), log);
        const env = toolEnvironment(process.env, policy.environment);
        return {
          workspace: new Workspace(root, new NodeWorkspaceFs()),
          sandbox: policy.sandbox,
          onSandboxUnavailable: policy.onSandboxUnavailable,
          timeoutMs: settings().checksTimeoutSeconds * 1000,
          env: env.env,
          redactor: new Redactor(env.droppedValues),
        };
      },
      defaultCommand: () => settings().checksDefault,
      onChange: () => this.emitter.fire(),
      onResult: (ref, outcome) =>
        log.info(`check of ${JSON.stringify(ref.item)} in ${session.id}: exit ${outcome.exitCode}`),
      onError: (error) => log.warn(`a check's result was not recorded on ${session.id}: ${String(error)}`),
    });
  }
}
