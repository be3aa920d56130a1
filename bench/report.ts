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
  "Checkpoints (checkpoints suite, issue 24): met in the reported run (2026-12-03 22:56 UTC, 1-minute load average 3.6 on the 2 shared cores): a checkpoint with 3 of 10,000 files changed took 190 ms median (p95 246 ms) against ≤ 300 ms, an unchanged workspace 81 ms; the event loop's longest delay was 47.8 ms while the checkpoints ran and 19.1 ms during the first checkpoint, against ≤ 50 ms (7.2 ms over 3 s idle). The two runs before it on the same code: 204 and 226 ms median (p95 294 and 334 ms), event-loop max 31.6 and 41.6 ms while they ran, and 84.3 and 31.9 ms during the first checkpoint; that 84.3 ms was scheduling, not work: within its longest gap (69.5 ms) the main thread ran for 0.4 ms and waited for a core for the rest. What changed since the miss (321 ms median, 143 ms max): every git process is started from a worker thread (core/checkpoints/git-thread.ts), so no fork is on the host's loop, and a checkpoint is status, update-index, write-tree and commit-tree with the branch moved by a lock file and a rename, instead of status, update-index and git commit (which stat'ed the 10,000 files again): interleaved on one 10,000-file repository at load 10, git commit took 227 and 230 ms median against 183 and 134 ms for write-tree + commit-tree + the rename. Under heavier load the targets are missed: at load 14.2 (22:27 UTC) 658 ms median and an event-loop max of 206 ms (258 ms during the first checkpoint), the main thread on a core for 0.0 and 1.4 ms of those gaps; at loads 4.5–8.8 with update-ref still a process, 263–512 ms. Most of a checkpoint is git's start-up and its lstat of every file (git status: about 50 ms of a quiet 70 ms) on a loaded machine. The first checkpoint of the 200 MB workspace (every file hashed and compressed) took 17–20 s over the three runs.",
  "Opening the 1,000,000-event session (open suite, issue 21): the host rows (the session list's open as the extension host does it, in a child process) meet every target in the reported run (2026-12-04 10:55 UTC), as in the run before it (10:40 UTC, load average 1.8: latest page 3.9 ms, capped heap peak +19.8 MB, nothing retained, event loop held ≤ 20 ms). The latest page is the preview (session-preview.ts: the log's tail, its header and the plan its last 1 MiB decides), painted before the log is streamed; the full view (item times, evidence, edits, prompts) replaces it once every event is folded, 5.4 s later in the reported run (6.8 s in the run before): full validation and the folds cost about 5–7 s per million events, and a bare JSON.parse of the file alone about 8 s at the store suite's rate, so no faster fold would make the full view itself ready within 2 s. The in-process streamed row's heap peak is reported, not a target: the bench process has an 8 GB old space where V8 collects late (its retained heap is about 0). A log of 8 MiB or less is still loaded whole (the load rows show what that costs on the million).",
  "Live update latency (ui suite): met in the reported run (2026-12-02, load average 0.7: median 15.5 ms against < 16 ms), just; the first steps of the turn (25–57 ms) are the slowest, and an earlier run at a load average of 13 gave 147.5 ms. The time is spent between the host's append and the plan message arriving in the webview (VS Code's extension host -> code-server -> browser -> webview frame channel); the webview renders the header in the same millisecond it receives the message. Measured in code-server on 2 cores, with the browser and the server on the same machine.",
  "Live update with every page of a 10,000-event session loaded (live suite): met in every case since the transcript is windowed and the context meter is kept as the log grows (session of 2026-12-02). Two runs on the final code (row / strip): latest page 1.27 / 1.24× and 1.00 / 1.06×, every page with the reader at the top 1.25 / 1.14× and 1.15 / 1.14×, read from the end 1.21 / 1.12× and 1.46 / 1.45× (the reported run). The read-from-the-end case stays closest to the line: in one window, turns read from the end ran 15, 18 and 16 ms against 16 and 13 ms at the top and 14 ms empty (row medians), about 1–2 ms more an update, and one run with the windowed transcript but before the meter fix missed it at 1.58×; its browser trace now matches the empty session's (window RunTask 393–414 ms against 336–427 ms per 10 steps), so what is left is in the part from the append to the message arriving in the page (the host: the loop derives the whole request for the model each step, ~1.4 ms at 10,000 events; its heap is larger). Before the windowing the reader at the end was missed at 1.44–2.03× over four runs; the causes found on the way (each fixed, see CHANGELOG): the Plan tree redrew every row three times a step; every tool row and reasoning was a <details> (a shadow root, whose insertion cost grew with how many the page held); the context meter derived the whole next request after every transcript change; absolute latencies drift 2–3× between runs, hence the interleaved empty turns.",
  "Activation (bundle suite): missed in both runs of 2026-12-04 evening (median 341.4 ms at a load of 17–24, 80.2 ms at 4.7–7.2; activate()'s own code unchanged), met in earlier quieter runs; single runs vary on the 2 shared cores (4–111 ms seen over three runs of the suite at a 1-minute load average of 13–17; 23–279 ms, median 44.8 ms, in a run at 9.5–15.4 while other builds and tests ran; 22–76 ms, median 37.3 ms, in a run on a quiet machine (15:50 UTC); 15–96 ms, median 40.6 ms, in the reported run (18:09 UTC, after the webview lost its test ids), at a 1-minute load average of about 10: the machine was not quiet again that session). The one-time loads are just as load-bound: dist/re2.js took 142 ms in the loaded run, 42.6 ms in the quiet one and 56.7 ms in the reported one; dist/markdown.js 37, 12.7 and 22.3 ms; dist/mcp.js 114.9 ms quiet, 208.8 ms reported (and 31 KB larger, from the MCP work landed since). The run now reported (2026-12-04 21:22 UTC, issue 37's lazy turn and lean zod) ran at a 1-minute load average of 17–24 beside the integration tier: 236–1200 ms, median 341.4 ms, with the one-time loads about ten times the quiet run's (re2 155.7 ms, the Markdown worker's first answer 645 ms, mcp.js 490 ms); activate()'s own code did not change, so this is the machine, and a quiet run is still to be made. The run of 22:32 UTC (issue 37's last bundle steps; activate()'s own code unchanged) at a 1-minute load average of 4.7–7.2: 54–96 ms, median 80.2 ms; re2 58.2 ms, the Markdown worker's first answer 149.1 ms, mcp.js 137.5 ms.",
  "Host event-loop delay while issue 20's hostile answers are presented (security-markdown suite, monitorEventLoopDelay at 1 ms): met in every case in the reported run (2026-12-03 11:23 UTC, a quiet machine: 1-minute load average 0.1 before, 0.6 after): max 15.1–17.4 ms against ≤ 50 ms, p99 3.8–6.9 ms, with a no-Markdown baseline of max 2.9–5.6 ms. Under the load of parallel work (06:10 UTC the same day, load average 12.9–15.2 on the 2 shared cores) it was missed, max 96.8–241.7 ms, and the schedstat columns showed the main thread WAITING for a core for 209–832 ms per window while it ran for 9–27 ms: such gaps are the machine's scheduling, not the host's work. In that quiet run every row came back as plain text, because the ordinary 20 KB answer alone needs 200–360 ms of micromark's time and the deadline was 250 ms; the deadline is now 250 ms plus 0.04 ms per character (not re-measured here).",
  "Host event-loop block while the worker parses (security suite, issue 20): met in every case in the reported run (2026-12-03 11:23 UTC, quiet machine): block 4.2–9.8 ms against ≤ 50 ms, Stop 0.6–2.4 ms against ≤ 500 ms, an idle gap of 2.7 ms. Earlier runs under a load average of 14–20 missed it for some cases, with an idle interval whose longest gap (75.6 ms) alone passed the line: the machine's scheduling, not host work. The ordinary 20 KB answer came back as plain text (micromark needs more than 250 ms for it), which the per-character deadline now allows for.",
  "Workspace tools (tools suite, issue 40), run 2026-12-04 22:09 UTC at a 1-minute load average of 7.5 on the 2 shared cores (a full CI run beside it). Met: the 35k-file / 1.8 GB tree with ripgrep, 0.8x rg -n -uu, and without, 2.5x, each with the same (path, line) set as rg -uu, so every file was searched; this repository, the same (path, line) set as rg -n for the literal and the regex with both engines; the literal with rg 1.9x and without 5.8x; the regex without rg 8.8x; list_files of the root lists no ignored path; the host event loop's longest gap during a search of the tree 15.7 ms (rg) and 12.8 ms (JS engine). What changed since the run at 21:36 (regex with rg 3.8x, event-loop gaps 52.2 / 82.3 ms, at load 13.9): RE2 is loaded on the search thread as soon as the thread starts (when a tool set gets grep), so a regex search no longer waits for its wasm; the event-loop rows were scheduling then (the main thread ran 0.1 and 10.1 ms of those gaps) and the lighter load shows it. Missed: the regex with rg, 3.3x (rg 42.6 ms; ours about 140 ms) against 3x. Ours is the CLI run minus a start-up run without a tool call, so it holds the turn's extra step (a second model request, the tool call and its result appended with an fsync each) besides the search; the literal's 1.9x is that step plus the search, and the regex adds RE2's compile of the pattern and its re-check of rg's lines. rg's own time varies 3x between runs (42.6 ms here, 152 ms at 21:36), so the ratio moves with it. Next step, not done: a bench row that times the grep tool call alone (the tool/call to tool/result interval in the log) would separate the search from the turn's step.",
  "Host bundle at activation (issue 37): met since 2026-12-04 22:32 UTC, 299.2 KB against ≤ 300 KB (0.8 KB to spare). One copy of the core per process (code splitting, shared chunks) had raised what activation loads from 295.4 KB to 439.6 KB; the 21:22 UTC stop took it to 341.6 KB, and this one to 299.2 KB (one copy of esbuild's CommonJS helpers per process, the built-in tools' implementations behind their descriptors, Export Plan, Turn On Claude Code's Task List and the chat tool's session writer as lazy entries, and three imports of one constant or helper that brought a whole module). See \"bundle, after one copy of the core per process\" for each step and what is left (zod's parts kept for the SDKs' classic zod, about 21 KB; the Agent view's provider, about 19 KB, behind a facade).",
  "Plan board (board suite, issue 49): missed in the run of 2026-12-07 20:08 UTC at load 11–15: `board --format json` 7.4× the floor (≤ 3×; 19.2× before the card read only its decisive events), the editor's read on its worker 2.5 s (≤ 1.5 s; 16.1 s before; about half is the cold worker's start under tsx), the host's event-loop delay 104.9 ms (≤ 50 ms; a control read of nothing showed up to 69 ms at that load, the host's own work per reply is 11.5 ms of CPU). See \"board: notes on the run above\".",
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
  const lines = [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` from `bench/results/*.json`. Targets come from the issues; a miss is reported, not hidden.',
    '',
  ];
  for (const s of suites) {
    const m = s.machine;
    lines.push(
      `## ${s.suite}`,
      '',
      `Ran ${s.ranAt} on ${m.cpu} (${m.cores} cores, ${m.memoryGiB} GiB), Node ${m.node}, ${m.platform}.`,
      '',
      `Method: ${s.method}`,
      '',
    );
    lines.push('| metric | value | target | met |', '|---|---|---|---|');
    for (const x of s.metrics)
      lines.push(
        `| ${x.name} | ${x.value} ${x.unit} | ${x.target} | ${x.met === null ? '—' : x.met ? 'yes' : '**no**'} |`,
      );
    lines.push('');
  }
  lines.push('## Where targets are missed, and why', '', ...MISSES.map((m) => `- ${m}`), '');
  fs.writeFileSync(path.join(__dirname, '..', 'BENCHMARKS.md'), lines.join('\n'));
}
