// Every line appended to the session the controller shows (its own appends and a
// follower's ingested lines alike), across session changes: the adapters that react
// to log activity itself (the status bar's stall watch, the attention notifier)
// subscribe here instead of each re-subscribing to whichever session is shown.
import { EventEmitter } from 'vscode';
import { Owner, toDisposable, type Disposable } from '../../core/disposable';
import type { SessionEvent } from '../../core/session/events';
import type { SessionController } from './session-controller';

export class ShownSessionEvents extends Owner {
  private current: Disposable | undefined;
  private readonly appended = this.register(new EventEmitter<SessionEvent>());
  /** A line was appended to the shown session's log (after the controller's folds took it). */
  readonly onDidAppend = this.appended.event;

  constructor(private readonly controller: SessionController) {
    super();
    this.register(controller.onDidChangeSession(() => this.follow()));
    this.register(toDisposable(() => this.current?.dispose()));
    this.follow();
  }

  private follow(): void {
    this.current?.dispose();
    this.current = this.controller.session?.subscribe((event) => this.appended.fire(event));
  }
}
