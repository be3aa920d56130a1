// The subagent panel the Agent view shows over the transcript: which child session
// is open, and its changes coalesced to at most one `childDelta` per interval (a live
// child appends faster than a page needs to repaint). One per provider: every page
// of the view shows the same panel.
import type { ChildView, HostMessageBody, OpenPanel } from '../../core/protocol/messages';
import { planView } from '../../core/plan/plan-presenter';
import { type TranscriptItem } from '../../core/protocol/transcript';
import { transcriptFromEvents } from '../../core/presenters/transcript-folder';
import type { ChildChange, ChildSessions, ChildSnapshot } from '../session/child-sessions';

function childView(child: ChildSnapshot): ChildView {
  return {
    sessionId: child.sessionId,
    title: child.title,
    items: transcriptFromEvents(child.events),
    plan: planView(child.plan),
    running: child.running,
  };
}

export class OpenChildPanel {
  /** The subagent session shown over the transcript (openChild), if any. */
  private openId: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Changes of the open child not posted yet. */
  private pending: { items: Map<string, TranscriptItem>; plan: boolean; running: boolean } | null = null;

  constructor(
    private readonly children: ChildSessions,
    private readonly intervalMs: number,
    private readonly post: (body: HostMessageBody) => void,
  ) {}

  /** The open child's panel, its whole view (for a snapshot), or null. */
  current(): OpenPanel | null {
    const child = this.openId === null ? null : this.children.get(this.openId);
    return child ? { kind: 'child', view: childView(child) } : null;
  }

  /** Opens `sessionId` (null closes) and posts the child's whole view, read once. */
  show(sessionId: string | null): void {
    this.openId = sessionId;
    this.cancel();
    this.post({ type: 'panel', panel: this.current() });
  }

  /** Forgets the open child without posting (another session is shown: the snapshot says so). */
  forget(): void {
    this.openId = null;
    this.cancel();
  }

  /** Drops what was waiting (a snapshot carries the child's whole view). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
  }

  queue(change: ChildChange): void {
    if (change.sessionId !== this.openId) return;
    const pending = (this.pending ??= { items: new Map(), plan: false, running: false });
    for (const item of change.items) pending.items.set(item.id, item);
    pending.plan ||= change.planChanged;
    pending.running ||= change.runningChanged;
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /**
   * Posts what changed in the open child since the last post: its items, and its plan / running state when they moved.
   */
  flush(): void {
    const pending = this.pending;
    this.cancel();
    const child = this.openId === null ? null : this.children.get(this.openId);
    if (!pending || !child) return;
    this.post({
      type: 'childDelta',
      sessionId: child.sessionId,
      items: [...pending.items.values()],
      ...(pending.plan ? { plan: planView(child.plan) } : {}),
      ...(pending.running ? { running: child.running } : {}),
    });
  }
}
