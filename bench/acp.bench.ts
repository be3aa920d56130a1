// ACP benchmarks (issue 22): an ACP agent's plan update -> the status bar's text.
// (1) In process (acp-host.ts): the host's cost of one incoming `session/update`, on a
// fresh session and on one reopened from a 10,000-event log, for plan updates and for
// tool_call + tool_call_update pairs; the target is that the cost stays flat in the
// session's length (10,000 / empty ≤ 1.5×). Runs go empty, 10,000, 10,000, empty
// (ABBA), so a drift of the machine's speed over the suite falls on both alike.
// (2) The real workbench (acp-workbench.ts): the same agent chosen in the user's
// settings, each plan update's way to the status bar item in the page, in new
// sessions and in the 10,000-event session picked from the session list.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runUpdates, type UpdateKind, type UpdateSamples } from './acp-host';
import { workbenchPlanLatency } from './acp-workbench';
import type { Metric } from './report';
import { median, percentile, round } from './stats';
import { whyCannotRun } from './webview.bench';

const LONG = 10_000;
/** In process: updates per run (and per warm-up run), and the pause between them, after which the host is idle again. */
const RUN = { updates: 100, warmUp: 30, pauseMs: 20 };
/** In the workbench: updates per turn, and the pause between them. */
const WORKBENCH = { updates: 30, pauseMs: 300 };

const LABEL: Record<UpdateKind, { what: string; done: string; per: string }> = {
  plan: { what: 'ACP plan update', done: 'status bar text', per: 'update' },
  tools: { what: 'ACP tool_call + tool_call_update pair', done: 'its step folded (step/end)', per: 'pair' },
};

function pool(runs: readonly UpdateSamples[]): UpdateSamples {
  return {
    latency: runs.flatMap((r) => r.latency),
    busy: runs.flatMap((r) => r.busy),
    priorEvents: Math.min(...runs.map((r) => r.priorEvents)),
  };
}

function kindMetrics(
  kind: UpdateKind,
  empty: UpdateSamples,
  long: UpdateSamples,
  log: (line: string) => void,
): Metric[] {
  const { what, done, per } = LABEL[kind];
  const ms = (xs: number[]): string => `${median(xs).toFixed(3)} / ${percentile(xs, 95).toFixed(3)}`;
  log(
    `  ${what}: agent send -> ${done} (median / p95 ms): ${ms(empty.latency)} empty, ${ms(long.latency)} at ${long.priorEvents} events`,
  );
  log(
    `  ${what}: host event-loop time (median / p95 ms): ${ms(empty.busy)} empty, ${ms(long.busy)} at ${long.priorEvents} events`,
  );
  const rows = (name: string, e: number[], l: number[]): Metric[] => {
    const ratio = median(l) / median(e);
    return [
      { name: `${name}, empty session (median)`, value: round(median(e)), unit: 'ms', target: 'reported', met: null },
      {
        name: `${name}, empty session (p95)`,
        value: round(percentile(e, 95)),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: `${name}, 10,000-event session (median)`,
        value: round(median(l)),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: `${name}, 10,000-event session (p95)`,
        value: round(percentile(l, 95)),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: `${name}, ratio 10,000-event / empty (medians)`,
        value: round(ratio, 2),
        unit: '×',
        target: '≤ 1.5×',
        met: ratio <= 1.5,
      },
    ];
  };
  return [
    ...rows(`${what} -> ${done}, in process`, empty.latency, long.latency),
    ...rows(`${what}: host event-loop time per ${per}`, empty.busy, long.busy),
    {
      name: `${what}: samples per session (empty / 10,000-event)`,
      value: `${empty.latency.length} / ${long.latency.length}`,
      unit: '',
      target: 'reported',
      met: null,
    },
  ];
}

async function inProcess(log: (line: string) => void): Promise<Metric[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-acp-'));
  const metrics: Metric[] = [
    {
      name: 'machine load average (1 min) when the in-process runs started',
      value: round(os.loadavg()[0] ?? 0, 2),
      unit: '',
      target: 'reported',
      met: null,
    },
  ];
  let longPrior = Infinity;
  try {
    for (const kind of ['plan', 'tools'] as const) {
      await runUpdates(dir, kind, 0, RUN.warmUp, RUN.pauseMs); // warm-up (JIT, the agent's first start)
      const empty: UpdateSamples[] = [];
      const long: UpdateSamples[] = [];
      for (const prior of [0, LONG, LONG, 0] as const)
        (prior === 0 ? empty : long).push(await runUpdates(dir, kind, prior, RUN.updates, RUN.pauseMs));
      longPrior = Math.min(longPrior, pool(long).priorEvents);
      metrics.push(...kindMetrics(kind, pool(empty), pool(long), log));
    }
    metrics.push({
      name: "events on the 10,000-event session's log before its prompt (fewest of its runs)",
      value: longPrior,
      unit: '',
      target: `≥ ${LONG}`,
      met: longPrior >= LONG,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return metrics;
}

export async function runAcpBench(log: (line: string) => void): Promise<Metric[]> {
  const metrics = await inProcess(log);
  const why = whyCannotRun();
  if (why) {
    log(`  workbench part skipped: ${why}`);
    return metrics;
  }
  const row = await workbenchPlanLatency(WORKBENCH.updates, WORKBENCH.pauseMs, log);
  const ratio = median(row.long) / median(row.empty);
  metrics.push(
    {
      name: 'machine load average (1 min) when the workbench turns started',
      value: round(row.load, 2),
      unit: '',
      target: 'reported',
      met: null,
    },
    {
      name: 'ACP plan update -> status bar text in the workbench page, empty session (median)',
      value: round(median(row.empty), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'ACP plan update -> status bar text in the workbench page, empty session (p95)',
      value: round(percentile(row.empty, 95), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'ACP plan update -> status bar text in the workbench page, 10,000-event session (median)',
      value: round(median(row.long), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'ACP plan update -> status bar text in the workbench page, 10,000-event session (p95)',
      value: round(percentile(row.long, 95), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'ACP plan update -> status bar text in the workbench page, ratio 10,000-event / empty (medians)',
      value: round(ratio, 2),
      unit: '×',
      target: '≤ 1.5×',
      met: ratio <= 1.5,
    },
    {
      name: 'workbench updates seen in the status bar / sent',
      value: `${row.seen}/${row.sent}`,
      unit: '',
      target: `${4 * WORKBENCH.updates}/${4 * WORKBENCH.updates}`,
      met: row.seen === row.sent && row.sent === 4 * WORKBENCH.updates,
    },
  );
  return metrics;
}
