// The one channel to the extension host. Outgoing messages are typed by the protocol
// (the host validates them again on receipt).
//
// The page's own UI toggles (the plan strip expanded, the plan history open, which
// versions are open) are kept with VS Code's per-webview state (getState/setState):
// they survive the view being hidden and shown again, a reload of the page and of the
// window, and each webview (the side bar view, an editor tab) keeps its own. Nothing
// else lives there: everything the page shows comes from the host's messages.
import type { WebviewMessage } from '@core/protocol/messages';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState?(): unknown;
  setState?(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;

function vscodeApi(): VsCodeApi {
  return (api ??= acquireVsCodeApi());
}

export function post(message: WebviewMessage): void {
  vscodeApi().postMessage(message);
}

/** The page's UI toggles by name (only booleans: anything else read back is ignored). */
export type UiToggles = Record<string, boolean>;

export function readToggles(): UiToggles {
  const state = vscodeApi().getState?.();
  if (typeof state !== 'object' || state === null) return {};
  const out: UiToggles = {};
  for (const [key, value] of Object.entries(state)) if (typeof value === 'boolean') out[key] = value;
  return out;
}

export function writeToggle(key: string, value: boolean): void {
  vscodeApi().setState?.({ ...readToggles(), [key]: value });
}
