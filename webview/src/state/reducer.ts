// The webview's whole state, as a pure fold of host messages. No DOM, no effects:
// unit-testable as is.
//
// Ordering: the host stamps each message for this webview with seq = previous + 1.
// The fold applies messages in seq order from the latest snapshot: a message at or
// below the applied seq is stale and dropped; one that arrives early (a gap before
// it) is parked in `pending` until the gap fills or a newer snapshot supersedes it.
// So any delivery order of the same messages ends in the same state.
//
// Each message type's effect is one handler of `messageHandlers`, a table typed from
// the protocol's map (core/protocol/messages.ts HostMessageHandlers): a new host
// message without a handler does not compile. The table's keys are also the types
// app.tsx accepts (checkHostMessage).
import type {
  ApprovalView,
  ContextView,
  HostMessage,
  OpenPanel,
  HostMessageHandlers,
  HostMessageType,
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

export interface State {
  /** The seq of the last message applied. */
  seq: number;
  /** Messages that arrived before the ones they follow, by seq. */
  pending: HostMessage[];
  view: ViewState;
  /** Too many parked messages: the app asks the host for a fresh snapshot. */
  needsResync: boolean;
}

export const MAX_PENDING = 500;

export const initialState: State = {
  seq: 0,
  pending: [],
  needsResync: false,
  view: {
    loaded: false,
    session: null,
    items: [],
    cursor: null,
    plan: null,
    run: { state: 'idle' },
    context: null,
    provider: null,
    stream: null,
    notice: null,
    strings: null,
    sessions: [],
    approvals: [],
    panel: null,
    history: null,
    historyRevealed: 0,
    announcement: { at: 0, completed: [] },
  },
};

export function reduce(state: State, message: HostMessage): State {
  if (message.seq <= state.seq) return state; // stale: already applied or superseded
  if (message.type === 'snapshot') {
    const view = applyMessage(state.view, message);
    return drain({
      seq: message.seq,
      pending: state.pending.filter((m) => m.seq > message.seq),
      view,
      needsResync: false,
    });
  }
  if (state.view.loaded && message.seq === state.seq + 1) {
    return drain({ ...state, seq: message.seq, view: applyMessage(state.view, message) });
  }
  if (state.pending.some((m) => m.seq === message.seq)) return state;
  const pending = [...state.pending, message].sort((a, b) => a.seq - b.seq);
  return { ...state, pending, needsResync: pending.length > MAX_PENDING };
}

/** Applies parked messages that now follow on. */
function drain(state: State): State {
  let current = state;
  while (current.pending[0]?.seq === current.seq + 1) {
    const [next, ...rest] = current.pending;
    if (!next) break;
    current = { ...current, seq: next.seq, pending: rest, view: applyMessage(current.view, next) };
  }
  const needsResync = current.pending.length > MAX_PENDING;
  return needsResync === current.needsResync ? current : { ...current, needsResync };
}

/** One message's effect, in order. */
export function applyMessage<K extends HostMessageType>(view: ViewState, message: HostMessage<K>): ViewState {
  return messageHandlers[message.type](view, message);
}

/** Each host message type's effect on the view. */
export const messageHandlers: HostMessageHandlers<ViewState> = {
  snapshot: (view, message) => ({
    loaded: true,
    session: message.session,
    items: upsertItems([], message.items),
    cursor: message.cursor,
    plan: message.plan,
    run: message.run,
    provider: message.provider,
    stream: message.stream,
    notice: null,
    strings: message.strings,
    sessions: message.sessions ?? [],
    approvals: message.approvals ?? [],
    panel: message.panel ?? null,
    context: view.context,
    history: null, // another session or a new page: a page that shows the history asks again
    historyRevealed: 0,
    announcement: { at: message.seq, completed: [] },
  }),
  items: (view, message) => {
    const items = upsertItems(view.items, message.items);
    const stream = view.stream && isCommitted(items, view.stream) ? null : view.stream;
    return { ...view, items, stream };
  },
  // Older history: the plan is the host's and stays as it is.
  page: (view, message) => ({ ...view, items: upsertItems(view.items, message.items), cursor: message.cursor }),
  plan: (view, message) => {
    // A plan message that completes nothing (its items' evidence or time changed) keeps the announcement standing.
    const completed = newlyCompleted(view.plan, message.plan);
    return {
      ...view,
      plan: message.plan,
      announcement: completed.length > 0 || message.plan === null ? { at: message.seq, completed } : view.announcement,
    };
  },
  run: (view, message) => ({
    ...view,
    run: message.run,
    stream: message.run.state === 'idle' ? null : view.stream,
    notice: message.run.state === 'running' ? null : view.notice,
  }),
  provider: (view, message) => ({ ...view, provider: message.provider }),
  context: (view, message) => ({ ...view, context: message.context }),
  stream: (view, message) => ({
    ...view,
    stream: message.stream && isCommitted(view.items, message.stream) ? null : message.stream,
  }),
  notice: (view, message) => ({ ...view, notice: { level: message.level, text: message.text } }),
  sessions: (view, message) => ({ ...view, sessions: message.sessions }),
  approvals: (view, message) => ({ ...view, approvals: message.approvals }),
  panel: (view, message) => ({ ...view, panel: message.panel }),
  planHistory: (view, message) => ({
    ...view,
    history: message.history,
    historyRevealed: message.reveal ? message.seq : view.historyRevealed,
  }),
  planVersion: (view, message) => {
    const history = view.history;
    // closed, or already in the whole list
    if (!history || history.some((v) => v.seq === message.version.seq)) return view;
    return { ...view, history: [...history, message.version] };
  },
  markdown: (view, message) => {
    const { panel } = view;
    return {
      ...view,
      items: view.session?.id === message.sessionId ? withMarkdown(view.items, message) : view.items,
      panel:
        panel?.kind === 'child' && panel.view.sessionId === message.sessionId
          ? { kind: 'child', view: { ...panel.view, items: withMarkdown(panel.view.items, message) } }
          : panel,
    };
  },
  childDelta: (view, message) => {
    const { panel } = view;
    // a panel since closed or replaced
    if (panel?.kind !== 'child' || panel.view.sessionId !== message.sessionId) return view;
    return {
      ...view,
      panel: {
        kind: 'child',
        view: {
          ...panel.view,
          items: upsertItems(panel.view.items, message.items),
          ...(message.plan !== undefined ? { plan: message.plan } : {}),
          ...(message.running !== undefined ? { running: message.running } : {}),
        },
      },
    };
  },
};

/** Contents completed in `next` that were not completed in `previous` (a cleared plan completes nothing). */
export function newlyCompleted(previous: PlanView | null, next: PlanView | null): string[] {
  if (!next) return [];
  const before = new Set(previous?.todos.filter((t) => t.status === 'completed').map((t) => t.content));
  return next.todos.filter((t) => t.status === 'completed' && !before.has(t.content)).map((t) => t.content);
}

/** The step's assistant message is in the transcript: its live stream is done. */
function isCommitted(items: readonly TranscriptItem[], stream: StreamView): boolean {
  // From the end: the stream's step is the latest, so this stops within a few items.
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.turn < stream.turn) return false;
    if ((item.kind === 'assistant' || item.kind === 'tool') && item.turn === stream.turn && item.step === stream.step)
      return true;
  }
  return false;
}

/**
 * Upserts by id, kept sorted by `order` (one order per id, and it never changes). Each item arrives whole
 * (the host never cuts a call across pages), so a known id is replaced. The usual
 * live case, items changed near the end or appended after it, costs a search from
 * the end and one copy of the array: no map of the whole list, no re-sort.
 */
export function upsertItems(items: readonly TranscriptItem[], incoming: readonly TranscriptItem[]): TranscriptItem[] {
  if (incoming.length === 0) return items as TranscriptItem[];
  const out = items.slice();
  for (const item of incoming) {
    const at = insertionPoint(out, item.order);
    if (out[at]?.order === item.order)
      out[at] = item; // the same item (an item's order never changes)
    else out.splice(at, 0, item);
  }
  return out;
}

/**
 * `items` with the answer row `id` (at `order`) given `markdown`; the same array when the page does not show that row.
 */
function withMarkdown(items: TranscriptItem[], { id, order, markdown }: HostMessage<'markdown'>): TranscriptItem[] {
  const at = insertionPoint(items, order);
  const item = items[at];
  if (item?.kind !== 'assistant' || item.id !== id) return items;
  const out = items.slice();
  out[at] = { ...item, markdown };
  return out;
}

/** The first index whose order is >= `order` (binary search; items are sorted by order). */
function insertionPoint(items: readonly TranscriptItem[], order: number): number {
  let lo = 0;
  let hi = items.length;
  const last = items[hi - 1];
  if (last === undefined || last.order < order) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.order < order) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
