// The plan file (agentChecklist.planFile, relative to the first workspace folder; ''
// is off): the standing plan of the session this window writes, kept in that file as
// the one Markdown checklist (core/plan/plan-markdown.ts, what `plan --format
// markdown` prints) or a spec-kit or Kiro tasks.md kept in its own format
// (core/plan/task-files/), so a team can keep it in the repository.
//
// One operation, `sync`, serialized, runs on every plan change, every change of the
// file (a save, another tool, a git pull), a switch of session and a change of the
// setting: when the file says something other than what this window last wrote there
// (remembered in the workspace's state, so a change made while no window watched
// counts too), that text becomes ONE todo/user-edit from the plan file, by the same
// rules as every edit, landing at the next step boundary if a step runs (so a model
// write and the file's version are both on the log, in the order they landed); a text
// the rules refuse changes nothing and the user is told why. Then the file is
// rewritten from the log (nothing is written while the session has no plan, so a
// fresh session does not wipe a shared file). With no session shown, the file's plan
// is read for the Plan view (`filePlan`), which marks it as from the file.
// Each item's check (docs/checks.md) is its indented `- check:` line, written from the
// log's checks; a check line the taken text adds, changes or removes becomes one
// plan/check-set `from: 'file'` (it waits for the user's acceptance: a pull may have
// written it), landing after the text's edit; unchanged lines say nothing.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Owner } from '../../core/disposable';
import { itemChecksProjection, type ItemChecksState } from '../../core/plan/item-checks';
import type { TodoItem } from '../../core/plan/todo-schema';
import type { Session } from '../../core/session/session';
import type { SessionController } from '../controller/session-controller';
import { onDidChangeSettings } from '../host/settings';

type PlanFiles = typeof import('../../core/plan/plan-file-edit');

const LAST_WRITTEN_KEY = 'agentChecklist.planFile.lastWritten';
const NEVER_WRITTEN = ['.git', '.agent-checklist'];

export interface PlanFileSyncDeps {
  controller: SessionController;
  planFile: () => string;
  folder: vscode.Uri | undefined;
  memento: vscode.Memento;
  log: vscode.LogOutputChannel;
}

export class PlanFileSync extends Owner {
  private watcher: vscode.Disposable | undefined;
  private chain: Promise<void> = Promise.resolve();
  private plan: readonly TodoItem[] | null = null;
  private warned: string | null = null;
  /** The shown session's checks folded so far (its first `count` events). */
  private checks: { session: Session | null; count: number; state: ItemChecksState } = {
    session: null,
    count: 0,
    state: itemChecksProjection.init,
  };
  private readonly filePlanEmitter = this.register(new vscode.EventEmitter<void>());
  /** The file's plan, shown while no session is (Plan view). */
  readonly onDidChangeFilePlan = this.filePlanEmitter.event;

  constructor(private readonly deps: PlanFileSyncDeps) {
    super();
    const sync = (): void => this.queue();
    this.register(deps.controller.onDidChangePlan(sync));
    this.register(deps.controller.onDidChangeSession(sync));
    this.register(onDidChangeSettings(() => this.configure()));
    this.register({ dispose: () => this.watcher?.dispose() });
    this.configure();
  }

  /** The plan file's plan while no session is shown (null: none, the setting is off, or the file is not a plan). */
  get filePlan(): readonly TodoItem[] | null {
    return this.deps.controller.session === null ? this.plan : null;
  }

  /**
   * The file, or null when the setting is off or names a path outside the folder (or in `.git`, `.agent-checklist`).
   */
  get uri(): vscode.Uri | null {
    const relative = this.deps.planFile().trim();
    const folder = this.deps.folder;
    if (relative === '' || folder === undefined) return null;
    const normal = path.posix.normalize(relative.replace(/\\/g, '/'));
    if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) return null;
    // git's and our own state are never ours to write
    if (NEVER_WRITTEN.includes(normal.split('/')[0] ?? '')) return null;
    return vscode.Uri.joinPath(folder, normal);
  }

  /** Settles when every sync asked for so far has run (tests and the commands wait on it). */
  settled(): Promise<void> {
    return this.chain;
  }

  private configure(): void {
    this.watcher?.dispose();
    this.watcher = undefined;
    const uri = this.uri;
    const folder = this.deps.folder;
    if (uri && folder) {
      const pattern = new vscode.RelativePattern(folder, path.posix.relative(folder.path, uri.path));
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      const sync = (): void => this.queue();
      this.watcher = vscode.Disposable.from(watcher, watcher.onDidChange(sync), watcher.onDidCreate(sync));
    }
    this.queue();
  }

  private queue(): void {
    this.chain = this.chain.then(
      () => this.sync(),
      () => this.sync(),
    );
    this.chain.catch((error: unknown) =>
      this.deps.log.warn(`plan file: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async sync(): Promise<void> {
    const uri = this.uri;
    const { controller } = this.deps;
    const text = uri ? await readText(uri) : null;
    // The plan file's formats and edit: a lazy module (dist/plan-file-edit.js), loaded at the first sync.
    const files = await import('../../core/plan/plan-file-edit');
    if (controller.session === null) return this.showFilePlan(files, text);
    if (!uri || !controller.planEditing.canEdit) return;
    const written = async (): Promise<string | null> => this.logText(files, text, await this.logChecks());
    if (text !== null && text !== this.lastWritten && text !== (await written())) await this.take(files, text);
    const next = await written();
    if (next === null || next === text) {
      if (next !== null) await this.remember(next);
      return;
    }
    await vscode.workspace.fs.writeFile(uri, Buffer.from(next, 'utf8'));
    await this.remember(next);
  }

  /** The file's text as one user edit; a refusal is told once per text. */
  private async take(files: PlanFiles, text: string): Promise<void> {
    const outcome = await this.deps.controller.planEditing.editList(
      (plan, policy) => files.planFileEdit(plan, text, policy),
      files.planFileOrigin(text),
    );
    this.deps.log.info(`plan file: ${outcome.kind}${outcome.kind === 'refused' ? ` (${outcome.message})` : ''}`);
    if (outcome.kind !== 'refused') return this.takeChecks(files, text);
    if (this.warned === text) return;
    this.warned = text;
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Agent Checklist: the plan file was not taken: {0}. It is rewritten from the session.',
        outcome.message,
      ),
    );
  }

  /** The text's check lines that differ from the log's checks, each one plan/check-set from the file. */
  private async takeChecks(files: PlanFiles, text: string): Promise<void> {
    const fileChecks = files.planFileChecks(text);
    if (fileChecks === null) return; // a task file: its checks are not lines of it
    for (const data of files.fileCheckSets(await this.logChecks(), fileChecks)) {
      const outcome = await this.deps.controller.planEditing.decideCheck({ type: 'plan/check-set', data });
      if (outcome.kind === 'refused') this.deps.log.warn(`plan file: check of ${data.item}: ${outcome.message}`);
    }
  }

  /** The shown session's items' checks: its events folded on from where the last sync stopped. */
  private async logChecks(): Promise<ItemChecksState> {
    const session = this.deps.controller.session;
    if (session !== this.checks.session) this.checks = { session, count: 0, state: itemChecksProjection.init };
    const events = session === null ? [] : await session.loadEvents();
    if (session !== this.deps.controller.session) return this.logChecks(); // shown another while reading
    let { state } = this.checks;
    for (let i = this.checks.count; i < events.length; i++) state = itemChecksProjection.apply(state, events[i]!);
    this.checks = { session, count: events.length, state };
    return state;
  }

  private showFilePlan(files: PlanFiles, text: string | null): void {
    const parsed = text === null ? null : files.readPlanFile(text, null);
    const plan = parsed?.ok ? parsed.todos : null;
    if (parsed && !parsed.ok) this.deps.log.warn(`plan file: not a plan: ${parsed.message}`);
    if (JSON.stringify(plan) === JSON.stringify(this.plan)) return;
    this.plan = plan;
    this.filePlanEmitter.fire();
  }

  /** The log's plan and its items' checks written into the file's text `current` (a task file keeps its own lines). */
  private logText(files: PlanFiles, current: string | null, checks: ItemChecksState): string | null {
    const plan = this.deps.controller.standingPlan;
    return plan === null ? null : files.planFileText(current, plan, files.planCheckCommands(checks, plan));
  }

  private get lastWritten(): string | undefined {
    const value: unknown = this.deps.memento.get(LAST_WRITTEN_KEY);
    return typeof value === 'string' ? value : undefined;
  }

  private async remember(text: string): Promise<void> {
    if (this.lastWritten !== text) await this.deps.memento.update(LAST_WRITTEN_KEY, text);
  }
}

async function readText(uri: vscode.Uri): Promise<string | null> {
  try {
    return Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
  } catch {
    return null; // no file yet: nothing to take
  }
}
