// Writes bench/results/<suite>.json and regenerates BENCHMARKS.md from every result file.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Metric {
  name: string;
  value: number | string;
  unit: string;
  target: string;
  /** null: reported, no target. */
  met: boolean | null;
}

export interface SuiteResult {
  suite: string;
  method: string;
  ranAt: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; platform: string };
  metrics: Metric[];
}

export function machine(): SuiteResult['machine'] {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

const RESULTS = path.join(__dirname, 'results');

/** What we know about each miss (kept by hand; the numbers above are measured). */
const MISSES = [
  'Live update latency: the time is spent between the host\'s append and the plan message arriving in the webview (VS Code\'s extension host -> code-server -> browser -> webview frame channel); the webview renders the header in the same millisecond it receives the message. Measured in code-server on 2 cores, with the browser and the server on the same machine.',
  'Live update with every page of a 10,000-event session loaded (live suite): the host posts only what changed and the page\'s own JS (checkHostMessage, reducer, preact) takes under 1 ms per message; the time is the renderer\'s main thread, which the webview shares with the workbench page (code-server serves webviews from the same site), doing the browser\'s style, layout, pre-paint, paint and hit testing while the messages queue behind it. Before: every one of the about 3,300 rows (29,000 layout objects) was walked on every step: 2.5 s per update (45×); a trace of 10 steps had Paint 1.47 s, Layout 1.18 s (its longest laid out 19 of 29,046 objects), PrePaint 1.11 s, HitTest 0.54 s. Now each finished block of rows (64 log lines) is `content-visibility: auto` with `contain-intrinsic-size: auto <rows × 36>px` (the live last block never is), so Chrome skips the off-screen blocks\' subtrees: 0.19 s per update (2.5×), the longest layout 20 of 1,116 objects, and the rows stay in the accessibility tree and find-in-page. What is left, in a trace read from the transcript\'s end (10 steps): Paint 0.75 s, UpdateLayoutTree 0.60 s, Layerize 0.37 s, Layout 0.32 s vs 0.45, 0.38, 0.30, 0.11 s with an empty transcript: the style recalc and paint of the rendered blocks and the still-counted skipped ones; a virtualized list would cut the rest, at the cost of find-in-page. Tried and left out: `content-visibility: auto` on every row (the turn after loading took 9 s: one visibility observation per row), block layout instead of the flex column (no change). The latest page (what opening a session shows, 200 events) stays within the target (1.11×). Load average 9–11 on the 2 cores in that run. Since then the transcript follows its end from a ResizeObserver instead of reading scrollHeight after every render (that read forced a style and layout pass per message in the page\'s message handler; the trace, split by document and in main-thread CPU time, showed it), and the agent loop yields one macrotask before deriving the next request (linear in the session: ~5-10 ms at 10,000 events), so a step\'s posts leave first. Two runs on the landed tree, both quiet, minutes apart: the first (load 1.7-2.4) met every case (latest page 0.96x row / 1.01x strip, every page at the top 1.15x / 1.2x, every page read from the end 1.27x / 1.31x; A / A\' 35.5 / 49.5 ms); the reported one (load 2.7-4.1) meets the latest page (1.15x / 1.18x) but misses every page loaded: 2.65x / 2.77x at the top, 2.4x / 2.52x read from the end (108 and 97 ms vs A / A\' 52.5 / 33 ms). So with every page of the session in the page the ratio is not reliably within the target on this machine: what is left is the window\'s style, paint and layerize and the page\'s own style recalc over the ~3,300 kept rows, which a virtualized list (only the rows near the screen in the DOM) would remove at the cost of the off-screen rows in the accessibility tree.',
  'Activation (bundle suite): the median is under 50 ms but single runs vary on the 2 shared cores (4–111 ms seen over three runs of the suite at a 1-minute load average of 13–17; 23–279 ms, median 44.8 ms, in a run at 9.5–15.4 while other builds and tests ran; 22–76 ms, median 37.3 ms, in a run on a quiet machine (15:50 UTC); 15–96 ms, median 40.6 ms, in the reported run (18:09 UTC, after the webview lost its test ids), at a 1-minute load average of about 10: the machine was not quiet again that session). The one-time loads are just as load-bound: dist/re2.js took 142 ms in the loaded run, 42.6 ms in the quiet one and 56.7 ms in the reported one; dist/markdown.js 37, 12.7 and 22.3 ms; dist/mcp.js 114.9 ms quiet, 208.8 ms reported (and 31 KB larger, from the MCP work landed since).',
];

export function writeSuite(result: SuiteResult): void {
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, `${result.suite}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

export function writeBenchmarksMd(): void {
  const suites = fs
    .readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(RESULTS, f), 'utf8')) as SuiteResult);
  const lines = ['# Benchmarks', '', 'Generated by `npm run bench` from `bench/results/*.json`. Targets come from the issues; a miss is reported, not hidden.', ''];
  for (const s of suites) {
    const m = s.machine;
    lines.push(`## ${s.suite}`, '', `Ran ${s.ranAt} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), Node ${m.node}, ${m.platform}.`, '', `Method: ${s.method}`, '');
    lines.push('| metric | value | target | met |', '|---|---|---|---|');
    for (const x of s.metrics) lines.push(`| ${x.name} | ${x.value} ${x.unit} | ${x.target} | ${x.met === null ? '—' : x.met ? 'yes' : '**no**'} |`);
    lines.push('');
  }
  lines.push('## Where targets are missed, and why', '', ...MISSES.map((m) => `- ${m}`), '');
  fs.writeFileSync(path.join(__dirname, '..', 'BENCHMARKS.md'), lines.join('\n'));
}
