// A session shown read-only because another process held its lock is taken over
// (opened for writing) once no live process holds it, while it is still the one shown
// read-only and no pick is loading: the user chose last, and a prompt sent there takes
// it over itself. Part of the session switcher (session-switcher.ts).
import type * as vscode from 'vscode';
import type { LatestChoice } from '../../core/session/latest-choice';
import type { SessionStore } from '../../core/store/session-store';
import { watchLockFree } from './lock-free-watch';
import type { OpenedSession } from './opened-session';
import { openSessionAsync, type OpenResult } from './session-opening';

export interface SessionTakeOverDeps {
  store: SessionStore;
  log: vscode.LogOutputChannel;
  choices: LatestChoice;
  /** The session shown now; null once the switcher is closed. */
  opened(): OpenedSession | null;
  /** The read-only reload of the shown session when its file no longer continues what was read. */
  followReadOnly(): void;
  showResult(result: OpenResult): void;
}

export class SessionTakeOver {
  /** Whether the process that holds the shown read-only session's lock is gone. */
  private writerWatch: { dispose(): void } | undefined;

  constructor(private readonly deps: SessionTakeOverDeps) {}

  /**
   * Takes the shown session over once no live process holds its lock, while it is still
   * the one shown read-only and no pick is loading (the user chose last; a prompt sent
   * there takes it over itself).
   */
  whenFree(logPath: string, id: string): void {
    this.writerWatch?.dispose();
    this.writerWatch = watchLockFree(logPath, {
      stillShown: () => this.deps.opened()?.path === logPath && this.deps.opened()?.readOnly === true,
      mayTakeOver: () => !this.deps.choices.pending,
      free: () => void this.takeOver(logPath, id),
    });
  }

  private async takeOver(logPath: string, id: string): Promise<void> {
    const choice = this.deps.choices.make();
    try {
      const result = await openSessionAsync(this.deps.store, () => this.deps.followReadOnly(), id, choice);
      if (result.opened === null) {
        this.deps.log.warn(`could not take over ${logPath}: ${result.error ?? 'it is gone'}`);
        return;
      }
      this.deps.choices.land(choice, result.opened, () => {
        this.deps.log.info(`the process that wrote ${logPath} is gone: this window writes it now`);
        this.deps.showResult(result); // read-only again when another process took it first: checked again
      });
    } catch (error) {
      if (!choice.aborted)
        this.deps.log.warn(`could not take over ${logPath}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.deps.choices.drop(choice);
    }
  }

  dispose(): void {
    this.writerWatch?.dispose();
  }
}
