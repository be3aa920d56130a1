// The one channel to the extension host. Outgoing messages are typed by the protocol
// (the host validates them again on receipt).
import type { WebviewMessage } from '../../extension/src/core/protocol/messages';

interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;

export function post(message: WebviewMessage): void {
  api ??= acquireVsCodeApi();
  api.postMessage(message);
}
