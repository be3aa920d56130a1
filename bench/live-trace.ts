// Where a live update's time goes in the browser: a Chrome trace (CDP Tracing, the
// devtools.timeline category: what the Performance panel records) taken around a
// short unmeasured turn, summed by event name. Nested events each count their whole
// duration (a Layout inside a FunctionCall is in both), so the rows are not additive.
import type { Page } from 'playwright-core';
import * as z from 'zod/mini';

const traceEventSchema = z.object({ name: z.string(), ph: z.string(), dur: z.optional(z.number()), args: z.optional(z.record(z.string(), z.unknown())) });
const layoutArgsSchema = z.object({ beginData: z.object({ dirtyObjects: z.number(), totalObjects: z.number() }) });
const styleArgsSchema = z.object({ elementCount: z.number() });

/** What the rows are named after: script, style, layout, paint and the task they ran in. */
const KINDS = new Set(['RunTask', 'FunctionCall', 'EventDispatch', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'HitTest', 'ScrollLayer', 'MajorGC', 'MinorGC']);

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


/** Runs `during` under a trace of the whole browser; returns the named events' summed time, largest first. */
export async function traceDuring(page: Page, during: () => Promise<void>): Promise<TraceRow[]> {
  const cdp = await page.context().newCDPSession(page);
  const sums = new Map<string, { us: number; count: number; longest: { us: number; scope: [number, number] } | null }>();
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const raw of value) {
      const e = traceEventSchema.safeParse(raw);
      if (!e.success || e.data.ph !== 'X' || !KINDS.has(e.data.name)) continue;
      const sum = sums.get(e.data.name) ?? { us: 0, count: 0, longest: null };
      const us = e.data.dur ?? 0;
      sum.us += us;
      sum.count++;
      const scope = scopeOf(e.data.name, e.data.args);
      if (scope && us > (sum.longest?.us ?? -1)) sum.longest = { us, scope };
      sums.set(e.data.name, sum);
    }
  });
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return [...sums]
    .map(([name, s]) => {
      const l = s.longest;
      const scope = l === null ? null : `longest ${(l.us / 1000).toFixed(0)} ms: ${name === 'Layout' ? `${l.scope[0]} of ${l.scope[1]} objects` : `${l.scope[0]} elements`}`;
      return { name, ms: s.us / 1000, count: s.count, scope };
    })
    .sort((a, b) => b.ms - a.ms);
}

export function traceLine(rows: readonly TraceRow[]): string {
  return rows.map((r) => `${r.name} ${r.ms.toFixed(0)} ms (${r.count}${r.scope ? `; ${r.scope}` : ''})`).join(', ');
}
