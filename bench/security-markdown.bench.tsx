/** @jsxRuntime automatic @jsxImportSource preact */
// The Markdown half of the security bench, in the page's world: an answer with runs of
// n backticks is parsed on the host (markdownTree: micromark + GFM) and rendered
// through the real Transcript component into happy-dom. Returns the median ms.
import { Window } from 'happy-dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { markdownTree } from '../extension/src/core/markdown/markdown-tree';
import { WEBVIEW_STRINGS } from '../extension/src/core/protocol/strings';
import { Transcript } from '../webview/src/components/transcript';
import { StringsContext } from '../webview/src/i18n';
import { median, now } from './stats';

const window = new Window({ url: 'https://webview.test/' });
Object.assign(globalThis, {
  window,
  document: window.document,
  acquireVsCodeApi: () => ({ postMessage: () => undefined }),
});

export function markdownMs(n: number, runs: number): number {
  const answer = `${'`'.repeat(n)} a ${'`'.repeat(n - 1)}b\n\n${'`'.repeat(n)}`;
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const root = window.document.createElement('div') as unknown as HTMLElement;
    const t = now();
    const item = {
      kind: 'assistant' as const,
      id: 'e2',
      order: 2048,
      turn: 1,
      step: 1,
      text: answer,
      reasoning: '',
      markdown: { kind: 'parsed' as const, blocks: markdownTree(answer) },
    };
    act(() =>
      render(
        <StringsContext.Provider value={WEBVIEW_STRINGS}>
          <Transcript items={[item]} stream={null} cursor={null} running={false} approvals={[]} sessionId="s1" />
        </StringsContext.Provider>,
        root,
      ),
    );
    if (i > 0) times.push(now() - t);
    act(() => render(null, root));
  }
  return median(times);
}
