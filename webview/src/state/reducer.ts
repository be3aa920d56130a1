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
// app.tsx accepts (checkHostMessage). It is composed of the families' tables: the
// page's own (here), the transcript's (transcript-handlers.ts) and the plan's
// (plan-handlers.ts).
import type { HostMessage, HostMessageHandlers, HostMessageType } from '@core/protocol/messages';
import { planHandlers } from './plan-handlers';
import { transcriptHandlers } from './transcript-handlers';
import { upsertItems } from './transcript-items';
import type { ViewState } from './view-state';

export type { ViewState };

export interface State {
  /** The seq of the last message applied. */
  seq: number;
  /** Messages that arrived before the ones they follow, by seq. */
  pending: HostMessage[];
  view: ViewState;
  /** Too many parked messages: the app asks the host for a fresh snapshot. */
  needsResync: boolean;
}

const MAX_PENDING = 500;

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
function applyMessage<K extends HostMessageType>(view: ViewState, message: HostMessage<K>): ViewState {
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
  run: (view, message) => ({
    ...view,
    run: message.run,
    stream: message.run.state === 'idle' ? null : view.stream,
    notice: message.run.state === 'running' ? null : view.notice,
  }),
  provider: (view, message) => ({ ...view, provider: message.provider }),
  context: (view, message) => ({ ...view, context: message.context }),
  notice: (view, message) => ({ ...view, notice: { level: message.level, text: message.text } }),
  sessions: (view, message) => ({ ...view, sessions: message.sessions }),
  approvals: (view, message) => ({ ...view, approvals: message.approvals }),
  panel: (view, message) => ({ ...view, panel: message.panel }),
  ...transcriptHandlers,
  ...planHandlers,
};
