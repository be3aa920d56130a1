// Checkpoints of an ACP agent's turns (core/checkpoints/): the agent changes the
// workspace itself, so a checkpoint is taken where we can still stand before a change:
// before we answer a permission request about a call that may change it, before we
// write a file or start a command for it (fs/write_text_file, terminal/create); and,
// for a changing call we are not asked about, when the agent announces it (it may have
// begun by then: the checkpoint is as early as we can know). As in our own loop
// (step-checkpoints.ts): one before the turn's first change and again before the
// first change after each plan the agent sends; one closing the turn (not when it was
// stopped) when changes came after the last. Each is `checkpoint/created` on the log
// with the open step, or the last one (0 before the turn's first step), and only while
// its turn is open. A checkpoint that cannot be taken is reported once; the turn goes on
// without them.
import type { SessionUpdate, ToolKind } from '@agentclientprotocol/sdk';
import { takeCheckpoint, type CheckpointTaker } from '../checkpoints/step-checkpoints';
import type { Session } from '../session/session';

/** ACP's tool kinds that change the workspace (or may: a command). */
export const CHANGING_KINDS: ReadonlySet<ToolKind> = new Set(['edit', 'delete', 'move', 'execute']);

export class AcpCheckpoints {
  private due = true;
  private changed = false;
  private failed = false;
  private turn: number | null = null;
  /** Checkpoints one after another: each is the workspace as it was when its turn came. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly taker: CheckpointTaker,
    private readonly session: Session,
  ) {}

  /** Turn `turn` is on the log: its first change takes a checkpoint. */
  startTurn(turn: number): void {
    this.turn = turn;
    this.due = true;
    this.changed = false;
    this.failed = false;
  }

  /** An update of the turn: a plan makes the next change take a checkpoint; an announced change takes it now. */
  update(update: SessionUpdate): void {
    if (update.sessionUpdate === 'plan') this.due = true;
    else if (
      (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') &&
      update.kind != null &&
      CHANGING_KINDS.has(update.kind)
    )
      void this.beforeChange();
  }

  /** A change is about to happen: resolves once the checkpoint due before it (if any) is on the log. */
  beforeChange(): Promise<void> {
    if (this.due && !this.failed && this.turn !== null) {
      this.due = false;
      this.queueCheckpoint();
    }
    return this.chain.then(() => {
      this.changed = true;
    });
  }

  /**
   * The turn ends (before its turn/end): the closing checkpoint
   * when changes came after the last one, unless it was stopped.
   */
  async endTurn(stopped: boolean): Promise<void> {
    if (!stopped) {
      // The changes heard of so far count once their checkpoints are taken.
      await this.chain;
      if (this.changed && !this.failed) this.queueCheckpoint();
      await this.chain;
    }
    // Stopped: no wait (Stop stays quick); one still being taken is not logged.
    this.turn = null;
  }

  private queueCheckpoint(): void {
    const turn = this.turn;
    this.chain = this.chain.then(async () => {
      if (this.failed || turn === null) return;
      this.changed = false;
      const commit = await takeCheckpoint(this.taker);
      if (commit === null) this.failed = true;
      // A turn that ended meanwhile has its turn/end: the commit is not its to log.
      else if (this.turn === turn)
        this.session.append('checkpoint/created', { turn, step: this.session.lastStep, commit });
    });
  }
}
