/** @jsxRuntime automatic @jsxImportSource preact */
// A row that opens to show more (a tool call's input and result, an answer's
// reasoning): a button whose aria-expanded says whether it is open, over a body that
// is in the DOM only while it is (a closed row costs the page two elements). Not
// <details>: every <details> is a shadow root, and Chromium's cost of inserting one
// more grows with how many the document holds (a plain element's does not:
// BENCHMARKS.md, live), and a session adds one with every tool call. Whether it is open is the
// page's own, like a <details>'s, kept by row id in the Transcript's `OpenRows`: a row
// the windowed transcript dropped from the DOM (transcript-window.ts) opens as the
// reader left it when they scroll back to it.
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useState } from 'preact/hooks';

/** The ids of the open rows: one set per Transcript (so per session shown). */
export const OpenRows = createContext<Set<string>>(new Set());

export function Disclosure({
  id,
  class: extra,
  summary,
  children,
}: {
  id: string;
  class?: string;
  summary: ComponentChildren;
  children: ComponentChildren;
}) {
  const opened = useContext(OpenRows);
  const [open, setOpen] = useState(() => opened.has(id));
  const toggle = () => {
    if (open) opened.delete(id);
    else opened.add(id);
    setOpen(!open);
  };
  return (
    <div class={extra ? `disclosure ${extra}` : 'disclosure'}>
      <button type="button" class="disclosure-toggle" aria-expanded={open} onClick={toggle}>
        {summary}
      </button>
      {open && <div class="disclosure-body">{children}</div>}
    </div>
  );
}
