// What the live bench (bench/live.bench.ts) installs in the Agent webview's document
// and reads back: per live update, when its message reached the page's window and
// when the change was in the DOM (and the next animation frame after that).
import type { Frame } from 'playwright-core';
import * as z from 'zod/mini';

/**
 * Installed in the webview document (again before each measured turn: it drops the
 * previous observer and listeners). Two changes are followed:
 * - the plan strip's counts header (a `plan` message), by its text, as the ui suite;
 * - a todo_write row of the transcript turning `tool-ok` (an `items` message with the
 *   tool/result), by its call id.
 * Cheap per mutation (the strip element is cached, rows are read from the mutation
 * records only), so the observer's own cost does not grow with the transcript.
 * A string, not a function: no transpiler helper ends up in code run in the page.
 */
export const LIVE_OBSERVER_SOURCE = `(() => {
  const prev = window.__live;
  if (prev) {
    prev.observer.disconnect();
    window.removeEventListener('message', prev.onArrive, true);
  }
  const live = { strip: {}, rows: {}, arrived: { plan: {}, items: {} } };
  window.__live = live;
  const header = (c) => [c.completed && c.completed + ' completed', c.inProgress && c.inProgress + ' in progress', c.pending && c.pending + ' pending'].filter(Boolean).join(' · ');
  const note = (data, into) => {
    const t = Date.now();
    if (!data) return;
    const c = data.type === 'plan' && data.plan && data.plan.progress && data.plan.progress.counts;
    if (c) { const h = header(c); if (!(h in into.plan)) into.plan[h] = t; }
    if (data.type === 'items' && Array.isArray(data.items)) {
      for (const it of data.items) if (it && it.kind === 'tool' && it.status === 'ok' && !(it.callId in into.items)) into.items[it.callId] = t;
    }
  };
  // Capture on the target runs before the page's own listener (checkHostMessage, the reducer, preact's render).
  live.onArrive = (event) => note(event.data, live.arrived);
  window.addEventListener('message', live.onArrive, true);
  let strip = null;
  const stripText = () => {
    if (!strip || !strip.isConnected) strip = document.querySelector('.plan-strip');
    const el = strip && (strip.querySelector('.plan-counts') || strip.querySelector('.plan-header'));
    return el ? (el.textContent || '').replace(/\\s+/g, ' ').replace(/^Plan\\s*/, '').trim() : '';
  };
  const known = new Set([stripText()]);
  const row = (node, t, fresh) => {
    if (node.nodeType !== 1 || !node.matches('li.item-tool.tool-ok')) return;
    const id = node.getAttribute('data-call-id');
    if (id && !(id in live.rows)) { const r = { dom: t, frame: null }; live.rows[id] = r; fresh.push(r); }
  };
  live.observer = new MutationObserver((records) => {
    const t = Date.now();
    const fresh = [];
    for (const r of records) {
      if (r.type === 'attributes') row(r.target, t, fresh);
      else if (r.type === 'childList') for (const n of r.addedNodes) row(n, t, fresh);
    }
    const text = stripText();
    if (text && !known.has(text)) { known.add(text); const r = { dom: t, frame: null }; live.strip[text] = r; fresh.push(r); }
    if (fresh.length) requestAnimationFrame(() => { const f = Date.now(); for (const r of fresh) r.frame = f; });
  });
  live.observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  return true;
})()`;

const seenSchema = z.record(z.string(), z.object({ dom: z.number(), frame: z.nullable(z.number()) }));
const timesSchema = z.object({ plan: z.record(z.string(), z.number()), items: z.record(z.string(), z.number()) });
const liveSchema = z.object({ strip: seenSchema, rows: seenSchema, arrived: timesSchema });

export type LiveRecords = z.infer<typeof liveSchema>;

/** What the observer recorded since it was installed (validated: it comes from the page). */
export async function readLive(frame: Frame): Promise<LiveRecords> {
  const parsed = liveSchema.safeParse(
    await frame.evaluate('window.__live ? JSON.parse(JSON.stringify(window.__live)) : null'),
  );
  if (!parsed.success) throw new Error(`the live observer is not installed in the webview: ${parsed.error.message}`);
  return parsed.data;
}

/** One path's times for one live update (ms since the epoch; null when not seen). */
export interface PathTimes {
  /** The log line's ts (the host's append). */
  ts: number;
  arrived: number | undefined;
  dom: number | undefined;
  frame: number | null | undefined;
}

/** Per-update latencies (ms) of one path: append -> DOM, and its parts. */
export interface Latencies {
  dom: number[];
  frame: number[];
  /** append -> message in the webview's window: the host's folds and post, VS Code's transport, and any wait for the page's main thread. */
  transport: number[];
  /** message in the window -> change in the DOM: the page's JS (checkHostMessage, reducer, preact's render). */
  page: number[];
}

export function latencies(times: readonly PathTimes[]): Latencies {
  const out: Latencies = { dom: [], frame: [], transport: [], page: [] };
  for (const t of times) {
    if (t.dom === undefined) continue;
    out.dom.push(t.dom - t.ts);
    if (typeof t.frame === 'number') out.frame.push(t.frame - t.ts);
    if (t.arrived === undefined) continue;
    out.transport.push(t.arrived - t.ts);
    out.page.push(t.dom - t.arrived);
  }
  return out;
}
