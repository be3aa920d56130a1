// Where a live update's time goes in the browser: a Chrome trace (CDP Tracing, the
// devtools.timeline categories, what the Performance panel records; the frame list that
// names the Agent page is in the disabled-by-default one) taken around a
// short unmeasured turn, summed by event name and by whose document it was: the Agent
// page (the webview's content frame) or the rest of the window (the workbench, the
// webview's host frame; paint and layerize run once for the whole window, so they are
// the window's). Times are the renderer main thread's CPU time (`tdur`), not wall time,
// so a busy machine inflates them less. Nested events each count their whole duration
// (a Layout inside a FunctionCall is in both), so the rows are not additive.
import type { Page } from 'playwright-core';
import * as z from 'zod/mini';

const traceEventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.optional(z.number()),
  tid: z.optional(z.number()),
  dur: z.optional(z.number()),
  tdur: z.optional(z.number()),
  args: z.optional(z.record(z.string(), z.unknown())),
});
const frameArgsSchema = z.object({
  beginData: z.optional(z.object({ frame: z.optional(z.string()) })),
  data: z.optional(z.object({ frame: z.optional(z.string()) })),
});
const threadNameSchema = z.object({ name: z.string() });
const framesSchema = z.object({
  data: z.object({ frames: z.array(z.object({ frame: z.string(), url: z.optional(z.string()) })) }),
});
const layoutArgsSchema = z.object({ beginData: z.object({ dirtyObjects: z.number(), totalObjects: z.number() }) });
const styleArgsSchema = z.object({ elementCount: z.number() });

/** What the rows are named after: script, style, layout, paint and the task they ran in. */
const KINDS = new Set([
  'RunTask',
  'FunctionCall',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'UpdateLayer',
  'HitTest',
  'ScrollLayer',
  'MajorGC',
  'MinorGC',
]);

export interface TraceRow {
  name: string;
  ms: number;
  count: number;
  /** The longest one's scope: Layout, the objects it laid out (dirty) of the layout tree's (total); UpdateLayoutTree, the elements it restyled. */
  scope: string | null;
}

/** How much of the page one Layout or UpdateLayoutTree event covered (its begin/end args). */
function scopeOf(name: string, args: unknown): [number, number] | null {
  if (name === 'Layout') {
    const a = layoutArgsSchema.safeParse(args);
    return a.success ? [a.data.beginData.dirtyObjects, a.data.beginData.totalObjects] : null;
  }
  if (name === 'UpdateLayoutTree') {
    const a = styleArgsSchema.safeParse(args);
    return a.success ? [a.data.elementCount, NaN] : null;
  }
  return null;
}

/** The frame an event ran for, from its begin/data args (style, layout and script events name theirs). */
function frameOf(args: unknown): string | null {
  const a = frameArgsSchema.safeParse(args);
  return a.success ? (a.data.beginData?.frame ?? a.data.data?.frame ?? null) : null;
}

/** The Agent page: the webview's content frame (VS Code's pre/fake.html, inside its host frame pre/index.html). */
const PAGE_FRAME_URL = '/webview/browser/pre/fake.html';

interface Sample {
  name: string;
  us: number;
  frame: string | null;
  scope: [number, number] | null;
}

/**
 * Runs `during` under a trace of the whole browser; returns the named events' summed
 * main-thread CPU time, per document ("page …" the Agent page, "window …" the rest),
 * largest first.
 */
export async function traceDuring(page: Page, during: () => Promise<void>): Promise<TraceRow[]> {
  const cdp = await page.context().newCDPSession(page);
  const samples: (Sample & { thread: string })[] = [];
  const mainThreads = new Set<string>();
  const pageFrames = new Set<string>();
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const raw of value) {
      const e = traceEventSchema.safeParse(raw);
      if (!e.success) continue;
      const thread = `${e.data.pid}/${e.data.tid}`;
      if (e.data.name === 'thread_name' && threadNameSchema.safeParse(e.data.args).data?.name === 'CrRendererMain')
        mainThreads.add(thread);
      const frames = framesSchema.safeParse(e.data.args);
      if (frames.success)
        for (const f of frames.data.data.frames) if (f.url?.includes(PAGE_FRAME_URL)) pageFrames.add(f.frame);
      if (e.data.ph !== 'X' || !KINDS.has(e.data.name)) continue;
      samples.push({
        name: e.data.name,
        us: e.data.tdur ?? e.data.dur ?? 0,
        frame: frameOf(e.data.args),
        scope: scopeOf(e.data.name, e.data.args),
        thread,
      });
    }
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  try {
    await during();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const sums = new Map<
    string,
    { us: number; count: number; longest: { us: number; scope: [number, number] } | null }
  >();
  for (const x of samples) {
    if (!mainThreads.has(x.thread)) continue;
    const key = `${x.frame !== null && pageFrames.has(x.frame) ? 'page' : 'window'} ${x.name}`;
    const sum = sums.get(key) ?? { us: 0, count: 0, longest: null };
    sum.us += x.us;
    sum.count++;
    if (x.scope && x.us > (sum.longest?.us ?? -1)) sum.longest = { us: x.us, scope: x.scope };
    sums.set(key, sum);
  }
  return [...sums]
    .map(([name, s]) => {
      const l = s.longest;
      const scope =
        l === null
          ? null
          : `longest ${(l.us / 1000).toFixed(0)} ms: ${name.endsWith(' Layout') ? `${l.scope[0]} of ${l.scope[1]} objects` : `${l.scope[0]} elements`}`;
      return { name, ms: s.us / 1000, count: s.count, scope };
    })
    .sort((a, b) => b.ms - a.ms);
}

export function traceLine(rows: readonly TraceRow[]): string {
  return rows.map((r) => `${r.name} ${r.ms.toFixed(0)} ms (${r.count}${r.scope ? `; ${r.scope}` : ''})`).join(', ');
}
