// The board page's one channel to the host. Incoming: the host's `board` message,
// checked for its type only (the host builds and checks every view against its
// schema, core/protocol/board-view.ts; the page renders it as text). Outgoing: typed
// by the protocol and validated again by the host.
import type { BoardHostMessage, BoardView, BoardWebviewMessage } from '@core/protocol/board-view';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;

export function post(message: BoardWebviewMessage): void {
  (api ??= acquireVsCodeApi()).postMessage(message);
}

/** The view in a host message, or null for anything else. */
export function viewOf(data: unknown): BoardView | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'board') return null;
  return (data as BoardHostMessage).view;
}
