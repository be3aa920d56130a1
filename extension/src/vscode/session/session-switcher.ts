// Which session the window shows, and from which of its folders: the workspace's
// latest on activation; one the user picks (a large one previewed while it opens);
// none (New Session); another program's session that wrote a plan (or a followed
// agent's new session whose plan tool is off) when agentChecklist.followExternal is
// `latest`; a read-only session reopened when its file
// no longer continues what was read, or taken over once the process that held its lock
// is gone (an ended CLI run, this window's previous extension host). The latest choice
// wins (LatestChoice): a pick still loading never replaces a later one, and no followed
// write replaces a pick still loading. It knows whether the shown session is ours to
// continue and who writes it if not. It never runs a turn and holds no folds: it hands
// the opened log to its host's show(), which makes the folds and tells the surfaces.
// What shows without the user choosing it (and the folders' writes it follows) is
// session-follows.ts's.
import * as vscode from 'vscode';
import { EventEmitter } from 'vscode';
import { Owner } from '../../core/disposable';
import { LatestChoice } from '../../core/session/latest-choice';
import { ShownPlanWrites } from '../../core/session/shown-plan-writes';
import type { SessionListItem } from '../../core/protocol/messages';
import { sourceLabel } from '../../core/session/source';
import type { OpenedSession } from './opened-session';
import { SessionFollows } from './session-follows';
import { largeLatestSession, openLatestSession, openSessionAsync, type OpenResult } from './session-opening';
import type { SessionPreview } from './session-preview';
import { SessionTakeOver } from './session-take-over';
import type { SessionSwitcherOptions, SwitchHost } from './switch-host';
import { folderSessionList, isOwnSession, listFolderSessions, type SessionFolder } from './session-folders';
import { sourceLabelView } from './source-label';
import { TurnRefusedError } from './turn-refused';

export type { SessionSwitcherOptions, SwitchHost } from './switch-host';

export class SessionSwitcher extends Owner {
  private readonly folderSet: { readonly all: readonly SessionFolder[] };
  /** The folder of the shown session's log (read-only reloads read it from there). */
  private shownFolder: SessionFolder;
  private closed = false;
  /** The user's picks, New Session and the follows: the latest one made is what shows. */
  private readonly choices = new LatestChoice();
  /** How far each log this window left was shown: a late report of a write seen there is not followed. */
  private readonly shownWrites = new ShownPlanWrites();
  /** The shown read-only session, taken over once the process that holds its lock is gone. */
  private readonly takeOver: SessionTakeOver;
  /** What shows without the user choosing it: another program's session, a read-only log reloaded. */
  private readonly follows: SessionFollows;
  private readonly listEmitter = this.register(new EventEmitter<void>());
  /**
   * A session outside this window wrote a plan, or a new log appeared: the list may have a new or newer entry (followed
   * or not).
   */
  readonly onDidChangeList = this.listEmitter.event;

  constructor(
    private readonly options: SessionSwitcherOptions,
    private readonly host: SwitchHost,
  ) {
    super();
    this.folderSet = options.folders ?? { all: [{ store: options.store, fallback: 'agent' }] };
    this.shownFolder = this.folders[0]!;
    this.follows = new SessionFollows({
      options,
      host,
      choices: this.choices,
      shownWrites: this.shownWrites,
      closed: () => this.closed,
      shownFolder: () => this.shownFolder,
      show: (opened, folder) => {
        this.shownFolder = folder;
        this.show(opened);
      },
    });
    this.takeOver = new SessionTakeOver({
      store: options.store,
      log: options.log,
      choices: this.choices,
      opened: () => (this.closed ? null : host.opened()),
      followReadOnly: () => this.follows.reload(),
      showResult: (result) => this.showResult(result),
    });
    for (const subscription of this.follows.listen(() => this.listEmitter.fire())) this.register(subscription);
  }

  /** The window's session folders now: its own store's first. */
  private get folders(): readonly SessionFolder[] {
    return this.folderSet.all;
  }

  /**
   * Reopens the workspace's latest session (read-only if another window writes it); a large one opens as a pick does
   * (previewed, streamed).
   */
  openLatest(): void {
    const large = largeLatestSession(this.options.store);
    if (large !== undefined)
      return void this.openSession(large).catch((error: unknown) =>
        this.options.log.error(error instanceof Error ? error.message : String(error)),
      );
    const result = openLatestSession(this.options.store, () => this.follows.reload());
    this.choices.now(result.opened, () => {
      this.shownFolder = this.folders[0]!;
      this.showResult(result);
    });
  }

  /**
   * Shows another session of this window's folders (stops a running turn first). A
   * later choice made while this one stops the turn or reads the log wins: this one
   * then stops reading and shows nothing.
   */
  async openSession(id: string): Promise<void> {
    const choice = this.choices.make();
    let previewed: SessionPreview | null = null;
    try {
      // shown already (a pick still loading is superseded all the same)
      if (this.host.opened()?.session.id === id) return;
      const target = listFolderSessions(this.folders).find((s) => s.id === id);
      if (!target) throw new TurnRefusedError(vscode.l10n.t('There is no session {0} in this workspace.', id));
      await this.host.stop();
      if (choice.aborted) return;
      if (!isOwnSession(target)) {
        this.choices.land(choice, null, () => this.follows.foreign(target));
        return;
      }
      // Read in chunks: a large log does not hold the host while it loads, and shows its preview meanwhile.
      const result = await openSessionAsync(
        this.options.store,
        () => this.follows.reload(),
        id,
        choice,
        (preview) => {
          if (choice.aborted) return;
          previewed = preview;
          this.leave(null);
          this.host.preview(preview);
        },
      );
      if (result.error && !choice.aborted) throw new Error(result.error);
      this.choices.land(choice, result.opened, () => {
        this.shownFolder = target.folder;
        this.showResult(result);
      });
    } catch (error) {
      if (!choice.aborted) throw error; // superseded while it loaded: nothing was opened
    } finally {
      if (previewed) this.host.endPreview(previewed);
      this.choices.drop(choice); // failed: the follows go on
    }
  }

  /**
   * New Session: shows none, once the running turn stopped (`prepare` runs just
   * before). A later choice made while the turn stops wins, and then neither runs.
   */
  async showNone(prepare: () => void): Promise<void> {
    const choice = this.choices.make();
    try {
      await this.host.stop();
      this.choices.land(choice, null, () => {
        prepare();
        this.shownFolder = this.folders[0]!;
        this.show(null);
      });
    } finally {
      this.choices.drop(choice);
    }
  }

  /**
   * The user acts on the shown session (a prompt, a compaction): a pick still loading is superseded, what shows stays.
   */
  keepShown(): void {
    this.choices.keep();
  }

  /**
   * Shows the session a prompt writes: what a prompt writes is always ours, in the
   * window's own store. Not a choice: a pick still finishing (it stops this turn first)
   * replaces it when it lands.
   */
  showWritten(opened: OpenedSession): void {
    this.shownFolder = this.folders[0]!;
    this.show(opened);
  }

  /**
   * Every session of this window's folders for the session list, newest first (subagent sessions left out), each with
   * who writes it.
   */
  sessionList(current = this.host.opened()?.session.id): SessionListItem[] {
    return folderSessionList(this.folders, current);
  }

  /** The shown session is one our agent may continue (its own kind, in its own folder). */
  isShowingOwnSession(): boolean {
    const opened = this.host.opened();
    if (!opened) return false;
    return (
      this.shownFolder === this.folders[0] &&
      (opened.session.header.source === undefined || opened.session.header.source.kind === 'agent')
    );
  }

  /**
   * Who writes the shown session when it is not ours (the session header's writer label); undefined when it is ours or
   * none is shown.
   */
  shownWriter(): string | undefined {
    const opened = this.host.opened();
    if (!opened || this.isShowingOwnSession()) return undefined;
    return sourceLabelView(sourceLabel(opened.session.header.source, this.shownFolder.fallback));
  }

  /** Every show of the switcher's goes here: the log it leaves is remembered as shown up to its last event. */
  private show(opened: OpenedSession | null): void {
    this.leave(opened);
    this.host.show(opened);
  }

  private leave(next: OpenedSession | null): void {
    const left = this.host.opened();
    if (left && left !== next) this.shownWrites.left(left.path, left.session.lastSeq);
  }

  private showResult(result: OpenResult): void {
    for (const line of result.messages) this.options.log.info(line);
    if (result.error) this.options.log.error(result.error);
    this.show(result.opened);
    if (result.opened?.readOnly && result.lockedBy !== undefined)
      this.takeOver.whenFree(result.opened.path, result.opened.session.id);
  }

  /** The controller shuts down: external writes are no longer followed, a pending switch shows nothing. */
  override dispose(): void {
    this.closed = true;
    this.takeOver.dispose();
    this.choices.close(); // a pick still loading stops reading and shows nothing
    super.dispose();
  }
}
