// Store benchmarks: standing-plan restore (1 MB vs 1 GB; the tail reader, and `plan`
// as the CLI runs it, through the verified index), replay throughput vs bare
// JSON.parse, append latency near event 1 vs near event 1,000,000.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { todosProjection } from '../extension/src/core/plan/todos-projection';
import type { CliIo } from '../extension/src/cli/io';
import { planCommand } from '../extension/src/cli/commands/plan';
import { forEachLine } from '../extension/src/core/store/line-reader';
import { replayLogFile } from '../extension/src/core/store/log-file';
import { SessionStore, openLogForWrite } from '../extension/src/core/store/session-store';
import type { Session } from '../extension/src/core/session/session';
import { median, now, percentile, round, timeRuns } from './stats';
import { writeSyntheticLog } from './synthetic-log';
import type { Metric } from './report';
import { readRecentPlan } from '../extension/src/core/store/tail-reader';

const MB = 1 << 20;

const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();

function restore(file: string): { medianMs: number; firstMs: number } {
  const t = now();
  const plan = readRecentPlan(file, Number.POSITIVE_INFINITY);
  const firstMs = now() - t;
  if (!plan || plan.length === 0) throw new Error(`no plan restored from ${file}`);
  return { medianMs: median(timeRuns(() => readRecentPlan(file, Number.POSITIVE_INFINITY), 50)), firstMs };
}

const silentIo: CliIo = {
  out: () => undefined,
  err: () => undefined,
  write: () => undefined,
  env: {},
  cwd: os.tmpdir(),
};

/**
 * `plan <log>` as the CLI runs it: after the verified index's racy second, the first
 * read validates the whole log and records the index; the later reads answer from it.
 */
function planViaIndex(file: string): { medianMs: number; firstMs: number } {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
  const run = (): void => {
    if (planCommand(silentIo, file, 'text') !== 0) throw new Error(`plan refused ${file}`);
  };
  const t = now();
  run();
  const firstMs = now() - t;
  return { medianMs: median(timeRuns(run, 50)), firstMs };
}

function replay(file: string, bytes: number): { bareMBps: number; fullMBps: number } {
  const bareRun = (): void => void forEachLine(file, ({ text }) => void JSON.parse(text));
  const fullRun = (): void => {
    let plan = todosProjection.init;
    replayLogFile(file, (event) => void (plan = todosProjection.apply(plan, event)));
    if (plan === null) throw new Error('replay found no plan');
  };
  // One warm-up each, then 5 rounds of one bare and one full run, interleaved so that both
  // passes see the same machine (2 shared cores whose load swings within seconds: run as
  // two blocks, whichever block met a quieter moment won). Best of 5: the least-disturbed
  // run is the fairest estimate of each pass's own cost.
  bareRun();
  fullRun();
  const bare: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < 5; i++) {
    bare.push(timeRuns(bareRun, 1, 0)[0]!);
    full.push(timeRuns(fullRun, 1, 0)[0]!);
  }
  return { bareMBps: bytes / MB / (Math.min(...bare) / 1000), fullMBps: bytes / MB / (Math.min(...full) / 1000) };
}

/** Per-append latency over whole turns (6 events; turn/end is fsync'd). */
function appendLatency(session: Session, turns: number): { medianMs: number; p95Ms: number; fsyncMedianMs: number } {
  const plain: number[] = [];
  const synced: number[] = [];
  const timed = (fn: () => void, into: number[]): void => {
    const t = now();
    fn();
    into.push(now() - t);
  };
  for (let i = 0; i < turns; i++) {
    const turn = session.lastTurn + 1;
    timed(() => session.append('turn/start', { turn }), plain);
    timed(() => session.append('user/message', { turn, message: { text: 'benchmark prompt' } }), plain);
    timed(() => session.append('step/start', { turn, step: 1 }), plain);
    timed(
      () =>
        session.append('assistant/message', {
          turn,
          step: 1,
          message: { content: [{ type: 'text', text: 'ok' }] },
          model: { provider: 'bench', model: 'bench' },
        }),
      plain,
    );
    timed(() => session.append('step/end', { turn, step: 1 }), plain);
    timed(() => session.append('turn/end', { turn, reason: { kind: 'completed' } }), synced);
  }
  return { medianMs: median(plain), p95Ms: percentile(plain, 95), fsyncMedianMs: median(synced) };
}

export function runStoreBench(log: (line: string) => void): Metric[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-bench-'));
  const metrics: Metric[] = [];
  try {
    // Replay first, on a fresh heap: after a gigabyte has streamed through this process
    // the collector's state would charge the replay for the generator's garbage.
    log('writing synthetic logs (1 MB, 64 MB)…');
    const small = writeSyntheticLog(path.join(dir, 'small.jsonl'), { bytes: 1 * MB });
    const medium = writeSyntheticLog(path.join(dir, 'medium.jsonl'), { bytes: 64 * MB });
    for (const [label, subject] of [
      ['1 MB', small],
      ['64 MB', medium],
    ] as const) {
      collectGarbage();
      const r = replay(subject.path, subject.bytes);
      log(
        `  replay ${label}: bare ${round(r.bareMBps, 1)} MB/s, full ${round(r.fullMBps, 1)} MB/s; load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
      );
      metrics.push(
        {
          name: `bare JSON.parse of every line, ${label}`,
          value: round(r.bareMBps, 1),
          unit: 'MB/s',
          target: 'baseline',
          met: null,
        },
        {
          name: `full replay (validate + invariants + fold), ${label}`,
          value: round(r.fullMBps, 1),
          unit: 'MB/s',
          target: '≥ 50% of bare',
          met: r.fullMBps >= 0.5 * r.bareMBps,
        },
        {
          name: `full replay / bare JSON.parse, ${label}`,
          value: round((100 * r.fullMBps) / r.bareMBps, 1),
          unit: '%',
          target: '≥ 50%',
          met: r.fullMBps >= 0.5 * r.bareMBps,
        },
      );
    }
    fs.rmSync(medium.path);

    log('writing a 1 GB synthetic log…');
    const huge = writeSyntheticLog(path.join(dir, 'huge.jsonl'), { bytes: 1024 * MB });
    log(
      `  1 MB: ${small.events} events; 64 MB: ${medium.events}; 1 GB: ${huge.events} events, ${round(huge.bytes / MB, 0)} MB`,
    );
    const r1 = restore(small.path);
    const r2 = restore(huge.path);
    metrics.push(
      {
        name: 'standing-plan restore, ~1 MB log (median of 50)',
        value: round(r1.medianMs),
        unit: 'ms',
        target: '< 20 ms',
        met: r1.medianMs < 20,
      },
      {
        name: 'standing-plan restore, ~1 GB log (median of 50)',
        value: round(r2.medianMs),
        unit: 'ms',
        target: '< 20 ms',
        met: r2.medianMs < 20,
      },
      {
        name: 'standing-plan restore, ~1 GB log, first read',
        value: round(r2.firstMs),
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: 'restore ratio 1 GB / 1 MB',
        value: round(r2.medianMs / r1.medianMs, 2),
        unit: '×',
        target: '≤ 2×',
        met: r2.medianMs / r1.medianMs <= 2,
      },
    );
    const p1 = planViaIndex(small.path);
    const p2 = planViaIndex(huge.path);
    log(
      `  plan via the verified index: 1 MB ${round(p1.medianMs, 3)} ms, 1 GB ${round(p2.medianMs, 3)} ms (first read, full validation: ${round(p2.firstMs)} ms)`,
    );
    metrics.push(
      {
        name: '`plan` (CLI, verified index), ~1 MB log (median of 50)',
        value: round(p1.medianMs, 3),
        unit: 'ms',
        target: '< 20 ms',
        met: p1.medianMs < 20,
      },
      {
        name: '`plan` (CLI, verified index), ~1 GB log (median of 50)',
        value: round(p2.medianMs, 3),
        unit: 'ms',
        target: '< 20 ms',
        met: p2.medianMs < 20,
      },
      {
        name: '`plan` ratio 1 GB / 1 MB',
        value: round(p2.medianMs / p1.medianMs, 2),
        unit: '×',
        target: '≤ 2×',
        met: p2.medianMs / p1.medianMs <= 2,
      },
      {
        name: '`plan` on a ~1 GB log after a change (full validation, records the index)',
        value: round(p2.firstMs),
        unit: 'ms',
        target: 'report',
        met: null,
      },
    );
    fs.rmSync(huge.path);

    log('append latency: a fresh session, then one of 1,000,000 events…');
    const fresh = new SessionStore(dir).create({ id: 'fresh' });
    const early = appendLatency(fresh.session, 200);
    fresh.dispose();
    const million = writeSyntheticLog(path.join(dir, 'million.jsonl'), { events: 1_000_000 });
    const opened = openLogForWrite(million.path);
    const late = appendLatency(opened.session, 200);
    log(`  reopened session at seq ${opened.session.lastSeq - 1200}`);
    opened.dispose();
    metrics.push(
      {
        name: 'append latency near event 1 (median, no fsync)',
        value: round(early.medianMs, 4),
        unit: 'ms',
        target: 'baseline',
        met: null,
      },
      {
        name: 'append latency near event 1,000,000 (median, no fsync)',
        value: round(late.medianMs, 4),
        unit: 'ms',
        target: '≤ 1.2× event 1',
        met: late.medianMs <= 1.2 * early.medianMs,
      },
      {
        name: 'append latency ratio 1,000,000 / 1',
        value: round(late.medianMs / early.medianMs, 2),
        unit: '×',
        target: '≤ 1.2×',
        met: late.medianMs <= 1.2 * early.medianMs,
      },
      {
        name: 'append p95 near event 1 / near 1,000,000',
        value: `${round(early.p95Ms, 4)} / ${round(late.p95Ms, 4)}`,
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: "fsync'd append (turn/end) near event 1 / near 1,000,000",
        value: `${round(early.fsyncMedianMs, 3)} / ${round(late.fsyncMedianMs, 3)}`,
        unit: 'ms',
        target: 'report',
        met: null,
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return metrics;
}
