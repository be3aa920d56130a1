// The text streaming in for the step the model is answering: live only, never
// logged. Built from the loop's deltas of ONE session (a subagent's deltas carry
// the child's session id and are not the parent's stream).
import { EventEmitter, l10n } from 'vscode';
import type { LiveDelta } from '../../core/session/live-delta';
import { Owner } from '../../core/disposable';
import type { StreamView } from '../../core/protocol/messages';

export class LiveStream extends Owner {
  private state: StreamView | null = null;
  private readonly emitter = this.register(new EventEmitter<StreamView | null>());
  readonly onDidChange = this.emitter.event;

  get current(): StreamView | null {
    return this.state;
  }

  /** Applies a delta of session `sessionId`; deltas of other sessions are ignored. */
  apply(sessionId: string, delta: LiveDelta): void {
    if (delta.sessionId !== sessionId) return;
    const prev = this.state;
    const same = prev && prev.turn === delta.turn && prev.step === delta.step;
    if (delta.kind === 'reset') {
      const seconds = Math.max(1, Math.round(delta.delayMs / 1000));
      this.set({
        turn: delta.turn,
        step: delta.step,
        text: '',
        reasoning: '',
        retry: l10n.t('{0} — retrying in {1}s (attempt {2})', delta.message, seconds, delta.attempt + 1),
      });
      return;
    }
    const base: StreamView = same ? prev : { turn: delta.turn, step: delta.step, text: '', reasoning: '', retry: null };
    this.set(
      delta.kind === 'text'
        ? { ...base, text: base.text + delta.text, retry: null }
        : { ...base, reasoning: base.reasoning + delta.text, retry: null },
    );
  }

  clear(): void {
    this.set(null);
  }

  private set(stream: StreamView | null): void {
    if (stream === null && this.state === null) return;
    this.state = stream;
    this.emitter.fire(stream);
  }
}
