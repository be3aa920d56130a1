// What the Agent view posts as the controller, the plan review and the approvals
// change: a new session re-sends every page's snapshot; items and runs flush the
// coalesced stream first (a page never sees an item before the text that led to it);
// the strip's plan and the context meter go through ChangedViews (posted only when
// they changed); a running child's transcript through the open subagent panel.
import type * as vscode from 'vscode';
import type { HostMessageBody } from '../../core/protocol/messages';
import type { SnapshotSources } from './agent-snapshot';
import type { ChangedViews } from './changed-views';
import type { CoalescedStream } from './coalesced-stream';
import type { OpenChildPanel } from './open-child-panel';
import { onPlanToolConfigChange } from '../session/plan-tool-config';

/** Where the feed's changes come from. */
export interface FeedSources extends Pick<SnapshotSources, 'controller' | 'approvals'> {
  /** Plan first: a proposal started or stopped waiting for this window's decision. */
  onDidChangePlanReview: vscode.Event<void>;
}

/** Where the feed's changes go: the view's parts and its pages. */
interface FeedSinks {
  post: (body: HostMessageBody) => void;
  /** Re-sends the snapshot to every page that is ready. */
  snapshotAll: () => void;
  stream: CoalescedStream;
  child: OpenChildPanel;
  changed: ChangedViews;
}

/** Subscribes the view to every change it posts; the caller owns (disposes) the subscriptions. */
export function feedFromController(sources: FeedSources, sinks: FeedSinks): vscode.Disposable[] {
  const { controller, approvals } = sources;
  const { post, stream, child, changed } = sinks;
  const postSessions = (): void => post({ type: 'sessions', sessions: controller.sessionList() });
  return [
    controller.onDidChangeSession(() => {
      child.forget();
      stream.cancel();
      sinks.snapshotAll();
    }),
    onPlanToolConfigChange(() => controller.session, sinks.snapshotAll),
    controller.onDidChangeLedger(() => changed.plan()),
    sources.onDidChangePlanReview(() => changed.plan()),
    controller.checks.onDidChange(() => changed.plan()), // the items' checks: verified, failed, running
    controller.onDidChangeItems((items) => {
      stream.flush();
      post({ type: 'items', items });
      changed.contextSoon();
    }),
    controller.onDidChangeRun((run) => {
      stream.flush();
      post({ type: 'run', run });
      if (run.state === 'idle') postSessions(); // titles, times, a new log
    }),
    // followExternal `off` switches nothing, yet the list shows the new external session.
    controller.onDidChangeSessionList(postSessions),
    controller.onDidStream((next) => stream.changed(next)),
    controller.children.onDidChange((change) => child.queue(change)),
    approvals.onDidChange((pending) => post({ type: 'approvals', approvals: pending })),
  ];
}
