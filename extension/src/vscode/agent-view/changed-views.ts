// The Agent view's strip plan and context meter, posted to every page only when they
// changed since last posted: each message is a relay, a check and a render in the page,
// and both are asked for far more often than they change (a snapshot carries them anyway).
import type { HostMessageBody } from '../../core/protocol/messages';
import { stripPlanView, type SnapshotSources } from './agent-snapshot';

export class ChangedViews {
  /** The plan and the context meter last posted (JSON). */
  private postedPlan = '';
  private postedContext = '';
  private contextTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sources: SnapshotSources,
    private readonly post: (body: HostMessageBody) => void,
  ) {}

  /**
   * The standing plan with each item's evidence: the ledger changes with every write and with each tool result that
   * counts for an item.
   */
  plan(): void {
    const plan = stripPlanView(this.sources);
    const key = JSON.stringify(plan);
    if (key === this.postedPlan) return;
    this.postedPlan = key;
    this.post({ type: 'plan', plan });
  }

  /** A snapshot posted the plan to a page: the next change is posted whatever it is. */
  forgetPlan(): void {
    this.postedPlan = '';
  }

  /**
   * The context meter changes at most once a step (a model response's usage), while a step changes the items several
   * times. It is read once after a burst of changes, in a timer: its estimate derives the next request (linear in the
   * session), which must not hold up the items message.
   */
  contextSoon(): void {
    this.contextTimer ??= setTimeout(() => this.context(), 0);
  }

  private context(): void {
    this.contextTimer = undefined;
    const context = this.sources.controller.turns.contextView;
    const key = JSON.stringify(context);
    if (key === this.postedContext) return;
    this.postedContext = key;
    this.post({ type: 'context', context });
  }

  dispose(): void {
    clearTimeout(this.contextTimer);
  }
}
