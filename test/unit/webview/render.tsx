/** @jsxRuntime automatic @jsxImportSource preact */
// Renders webview components into a happy-dom document (a real DOM implementation,
// no browser) and records what the page posts to the host. The globals are set once
// per test process, before any component renders (preact reads `document` at render).
import { Window } from 'happy-dom';
import { render, type ComponentChildren } from 'preact';
import { act } from 'preact/test-utils';
import type { WebviewMessage } from '../../../extension/src/core/protocol/messages';
import { WEBVIEW_STRINGS, type WebviewStringKey } from '../../../extension/src/core/protocol/strings';
import { StringsContext } from '../../../webview/src/i18n';

const window = new Window({ url: 'https://webview.test/' });
/** Everything the page posted through acquireVsCodeApi().postMessage, in order. */
export const posted: WebviewMessage[] = [];
/** The page's per-webview state (getState/setState), as VS Code would keep it; `mount` clears it unless told to keep it. */
export const webviewState: { value: unknown } = { value: undefined };
Object.assign(globalThis, {
  window,
  document: window.document,
  acquireVsCodeApi: () => ({
    postMessage: (message: WebviewMessage) => posted.push(message),
    getState: () => webviewState.value,
    setState: (state: unknown) => {
      webviewState.value = state;
    },
  }),
});

export interface Mounted {
  root: HTMLElement;
  /** Renders a new tree into the same root (preact diffs, state is kept). */
  update(node: ComponentChildren): void;
  unmount(): void;
}

/** Renders `node` with the English strings, `strings` (a translation's) over them. */
export function mount(
  node: ComponentChildren,
  strings: Partial<Record<WebviewStringKey, string>> = {},
  options: { keepState?: boolean } = {},
): Mounted {
  if (!options.keepState) webviewState.value = undefined;
  const root = window.document.createElement('div') as unknown as HTMLElement;
  window.document.body.appendChild(root as unknown as Parameters<typeof window.document.body.appendChild>[0]);
  const wrap = (n: ComponentChildren) => (
    <StringsContext.Provider value={{ ...WEBVIEW_STRINGS, ...strings }}>{n}</StringsContext.Provider>
  );
  act(() => render(wrap(node), root));
  return {
    root,
    update: (next) => act(() => render(wrap(next), root)),
    unmount: () => {
      act(() => render(null, root));
      root.remove();
    },
  };
}

/** Clicks an element and lets preact re-render. */
export function click(element: Element | null): void {
  if (!element) throw new Error('nothing to click');
  act(() => (element as HTMLElement).click());
}

/** Opens every closed row under `root` (tool calls, reasoning), as a reader clicks each: a row's body is in the DOM only while it is open. */
export function openRows(root: Element): void {
  for (const toggle of root.querySelectorAll('.disclosure-toggle[aria-expanded="false"]')) click(toggle);
}

/** Dispatches an event and lets preact re-render. */
export function fire(element: Element | null, event: Event): void {
  if (!element) throw new Error('no element for the event');
  act(() => {
    element.dispatchEvent(event);
  });
}

/** Normalized visible text, as a reader would get it. */
export function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
