// Follow benchmarks (issue 9): (1) a read-only follower's cost per appended event on a
// 1 MB and a 100 MB log (tail the appended bytes, validate, fold, make the items and
// plan view the host posts); (2) the live update path host -> webview with a
// 10,000-event transcript in the page vs an empty one (append -> TranscriptFolder and
// the plan fold -> host message -> structured clone -> zod/mini validation -> reducer
// -> preact render into a real DOM implementation, happy-dom).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { planView } from '../extension/src/core/plan/plan-presenter';
import { SessionFolds } from '../extension/src/core/plan/session-folds';
import { TranscriptFolder } from '../extension/src/core/presenters/transcript-folder';
import { Session } from '../extension/src/core/session/session';
import { LogFollower } from '../extension/src/core/store/log-follower';
import { loadLogFile } from '../extension/src/core/store/log-file';
import { lineOf, todoStep, type Append } from './follow-steps';
import type { Metric } from './report';
import { median, now, percentile, round } from './stats';
import { writeSyntheticLog } from './synthetic-log';

const MB = 1 << 20;
const FOLLOW_EVENTS = 1200;

/** A follower over `bytes` of log: the per-event cost of reading on, folding and presenting one appended event. */
function followerCost(dir: string, bytes: number, log: (line: string) => void): { perEvent: number[]; loadMs: number } {
  const file = path.join(dir, `follow-${bytes}.jsonl`);
  const synthetic = writeSyntheticLog(file, { bytes });
  const t0 = now();
  const loaded = loadLogFile(file);
  const loadMs = now() - t0;
  const session = Session.restore(loaded);
  const follower = LogFollower.after(loaded);
  const folds = SessionFolds.over(session.events, { transcript: new TranscriptFolder() });
  let posted = 0;
  const following = folds.follow(session, (change) => {
    if (change.plan) posted += planView(folds.standingPlan) ? 1 : 0;
    posted += change.items.length;
  });
  log(
    `  ${(synthetic.bytes / MB).toFixed(1)} MB log, ${synthetic.events} events: loaded and validated in ${loadMs.toFixed(0)} ms (what a full reload per change cost before)`,
  );
  let seq = synthetic.events;
  const turn = synthetic.turns + 1;
  fs.appendFileSync(
    file,
    lineOf(++seq, { type: 'turn/start', data: { turn } }) +
      lineOf(++seq, { type: 'user/message', data: { turn, message: { text: 'follow' } } }),
  );
  for (const e of follower.readAppended()) session.ingest(e);
  const appends: Append[] = [];
  for (let step = 1; appends.length < FOLLOW_EVENTS; step++) appends.push(...todoStep(turn, step));
  const perEvent: number[] = [];
  for (const e of appends) {
    fs.appendFileSync(file, lineOf(++seq, e));
    const t = now();
    for (const event of follower.readAppended()) session.ingest(event);
    perEvent.push(now() - t);
  }
  if (session.lastSeq !== seq || posted === 0) throw new Error('the follower did not keep up');
  following.dispose();
  fs.rmSync(file);
  return { perEvent, loadMs };
}

/** The live path runs in the page's world (DOM, JSX): its own module, type-checked with the webview's settings. */
const LIVE_MODULE = './follow-live.bench';
type LiveLatency = (priorEvents: number, steps: number) => Promise<number[]>;

export async function runFollowBench(log: (line: string) => void): Promise<Metric[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-follow-'));
  const metrics: Metric[] = [];
  try {
    const small = followerCost(dir, 1 * MB, log);
    const large = followerCost(dir, 100 * MB, log);
    const s = median(small.perEvent);
    const l = median(large.perEvent);
    log(
      `  follower per appended event: ${s.toFixed(3)} ms (1 MB) vs ${l.toFixed(3)} ms (100 MB); p95 ${percentile(small.perEvent, 95).toFixed(3)} / ${percentile(large.perEvent, 95).toFixed(3)} ms`,
    );
    metrics.push(
      {
        name: 'follower update per appended event, 1 MB log (median)',
        value: round(s),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'follower update per appended event, 100 MB log (median)',
        value: round(l),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'follower update cost ratio 100 MB / 1 MB',
        value: round(l / s, 2),
        unit: '×',
        target: '≤ 1.5×',
        met: l / s <= 1.5,
      },
      {
        name: 'full reload of the 100 MB log (the old follower, per change)',
        value: round(large.loadMs, 0),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
    );
    const { liveLatency } = (await import(LIVE_MODULE)) as { liveLatency: LiveLatency };
    await liveLatency(0, 20); // warm-up (JIT)
    const empty = await liveLatency(0, 200);
    const full = await liveLatency(10_000, 200);
    const e = median(empty);
    const f = median(full);
    log(
      `  live update per event, host fold -> painted: ${e.toFixed(3)} ms (empty transcript) vs ${f.toFixed(3)} ms (10,000-event transcript in the page)`,
    );
    metrics.push(
      {
        name: 'live update per event, empty transcript (median)',
        value: round(e),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'live update per event, 10,000-event transcript (median)',
        value: round(f),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'live update ratio 10,000-event / empty transcript',
        value: round(f / e, 2),
        unit: '×',
        target: '≤ 1.5×',
        met: f / e <= 1.5,
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return metrics;
}
