// When the agent loop takes a checkpoint: before the first workspace-changing call of
// a step, and again before the first such call after a plan write in the same step
// (so each item's range starts and ends at the plan write that moved it). Each one is
// logged as `checkpoint/created` { turn, step, commit } before the call's tool/call.
// Which calls change the workspace and which write the plan is each tool's checkpoint
// rule (its descriptor's, session/tool-facts.ts, which the loop passes with each call),
// a registered tool's as a built-in one's.
// A turn that made workspace-changing calls after its last checkpoint takes one more
// as it ends (not when stopped: Stop stays quick), so the work of the items it
// completed, or left in progress, has a closing checkpoint (change-range.ts).
// A checkpoint that cannot be taken (no git, a full disk) never stops the call: the
// first failure is reported and the turn goes on without checkpoints.
import type { Session } from '../session/session';

/**
 * A call's checkpoint rule: `before-call`: it may change the workspace; `after-plan-write`: it writes the plan; `none`.
 */
export type CallCheckpointRule = 'before-call' | 'after-plan-write' | 'none';

/** What takes the checkpoints (a ShadowRepo) and hears why one could not be taken. */
export interface CheckpointTaker {
  checkpoint(): Promise<string>;
  onError?(message: string): void;
}

/**
 * A checkpoint's commit, or null after telling the taker why
 * none could be taken (checkpoints are then off for the turn).
 */
export async function takeCheckpoint(taker: CheckpointTaker): Promise<string | null> {
  try {
    return await taker.checkpoint();
  } catch (error) {
    taker.onError?.(`checkpoints are off for this turn: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export class StepCheckpoints {
  private due = true;
  private failed = false;
  /** A workspace-changing call ran since the last checkpoint. */
  private changed = false;
  private step = 0;

  constructor(
    private readonly taker: CheckpointTaker,
    private readonly session: Session,
    private readonly turn: number,
  ) {}

  /** Step `step` starts: its first workspace-changing call gets a checkpoint. */
  newStep(step: number): void {
    this.step = step;
    this.due = true;
  }

  /**
   * Before a call whose tool's rule is `rule` (before its tool/call): takes and logs the checkpoint when one is due.
   */
  async beforeCall(step: number, rule: CallCheckpointRule): Promise<void> {
    if (!this.due || this.failed || rule !== 'before-call') return;
    this.due = false;
    await this.take(step);
  }

  /** After a call whose tool's rule is `rule`: a plan write makes the next workspace-changing call take one again. */
  afterCall(rule: CallCheckpointRule): void {
    if (rule === 'after-plan-write') this.due = true;
    if (!this.failed && rule === 'before-call') this.changed = true;
  }

  /**
   * The turn ends (before its turn/end, after its last step): the closing
   * checkpoint, when its calls changed the workspace since the last one.
   */
  async endTurn(): Promise<void> {
    if (this.changed && !this.failed) await this.take(this.step);
  }

  private async take(step: number): Promise<void> {
    const commit = await takeCheckpoint(this.taker);
    if (commit === null) this.failed = true;
    else {
      this.changed = false;
      this.session.append('checkpoint/created', { turn: this.turn, step, commit });
    }
  }
}
