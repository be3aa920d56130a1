/** @jsxRuntime automatic @jsxImportSource preact */
// A row that opens to show more (a tool call's input and result, an answer's
// reasoning): a button whose aria-expanded says whether it is open, over a body hidden
// until it is. Not <details>: every <details> is a shadow root, and Chromium's cost of
// inserting one more grows with how many the document holds (12 ms with the 2,234 of a
// 10,000-event session with every page loaded, 0.7 ms with 3; a plain element 0.5 ms:
// bench `live`), and a session adds one with every tool call. Whether it is open is
// the page's own, like a <details>'s: kept while its row lives (rows are keyed by item
// and blocks by order span, so prepending older pages keeps it).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

export function Disclosure({ class: extra, summary, children }: { class?: string; summary: ComponentChildren; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <div class={extra ? `disclosure ${extra}` : 'disclosure'}>
      <button type="button" class="disclosure-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {summary}
      </button>
      <div class="disclosure-body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
