// What the webview shows: the state the host's messages fold into (reducer.ts), one
// field per thing the page paints.
import type {
  ApprovalView,
  ContextView,
  OpenPanel,
  PlanVersionView,
  PlanView,
  ProviderView,
  RunView,
  SessionListItem,
  SessionView,
  StreamView,
} from '@core/protocol/messages';
import type { WebviewStrings } from '@core/protocol/strings';
import type { TranscriptItem } from '@core/protocol/transcript';

export interface ViewState {
  /** False until the first snapshot: the webview shows a loading line. */
  loaded: boolean;
  session: SessionView | null;
  /** Sorted by `order`; unique by `id`. */
  items: TranscriptItem[];
  cursor: number | null;
  plan: PlanView | null;
  run: RunView;
  provider: ProviderView | null;
  stream: StreamView | null;
  notice: { level: 'info' | 'error'; text: string } | null;
  /** Every string, localized: the host's, from the latest snapshot (null before the first). */
  strings: WebviewStrings | null;
  sessions: SessionListItem[];
  /** Pending approvals, oldest first. */
  approvals: ApprovalView[];
  /** The panel the host opened over the transcript (a subagent's transcript), or null. */
  panel: OpenPanel | null;
  /** The header's context meter and rules file (null until the host says). */
  context: ContextView | null;
  /** The plan history while the page shows it (the host's views, in log order); null until the host sends it. */
  history: PlanVersionView[] | null;
  /** The seq of the host's latest request to show the history (Show Plan History); 0: none since the snapshot. */
  historyRevealed: number;
  /**
   * Items the latest plan message that completed any completed that the one before
   * had not (for the polite live region; a message that completes nothing, such as an
   * item's evidence changing, keeps it; no plan clears it); `at` is that message's
   * seq, so a repeat of the same text is still a new announcement. Empty after a
   * snapshot: a reload announces nothing.
   */
  announcement: { at: number; completed: string[] };
}
