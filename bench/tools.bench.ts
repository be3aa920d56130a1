// Workspace tools (issue 40): grep with ripgrep and with the JavaScript engine, run the
// way the issue measured them (the built CLI, a scripted model calling grep once, the
// CLI's start-up subtracted), on a 35k-file / 1.8 GB tree (a copy of node_modules under
// vendor/, made in the OS temp folder) and on this repository; list_files of the
// repository's root; and the event loop of a host that runs the searches.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createGrepTool } from '../extension/src/core/tools/grep/grep-tool';
import { ripgrepLocator, type RipgrepLocator } from '../extension/src/core/tools/grep/ripgrep';
import { noRipgrep } from '../test/unit/support/no-ripgrep';
import { createListFilesTool } from '../extension/src/core/tools/list-files/list-files-tool';
import { NodeWorkspaceFs } from '../extension/src/core/tools/node-workspace-fs';
import { ToolRegistry } from '../extension/src/core/tools/registry';
import type { ToolContext } from '../extension/src/core/tools/tool';
import { Workspace } from '../extension/src/core/tools/workspace';
import { REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import type { Metric } from './report';
import { schedstat } from './security-markdown-delay';
import { median, now, round } from './stats';

const RUNS = 3;
const NEEDLE = 'AGENT_CHECKLIST_BENCH_NEEDLE';
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t = now();
  const value = fn();
  return { ms: now() - t, value };
}

/** The CLI run with a script that calls grep once (or nothing): wall ms and grep's result. */
function cliRun(cwd: string, args: object | null, PATH: string): { ms: number; content: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tools-run-'));
  const responses =
    args === null ? [{ text: 'ok' }] : [{ toolCalls: [{ name: 'grep', arguments: args }] }, { text: 'ok' }];
  fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses }));
  const argv = [CLI, 'run', '--script', path.join(dir, 's.json'), '--tools', 'grep', '--cwd', cwd];
  argv.push('--session-dir', path.join(dir, 'logs'), '--allow-parallel-in-progress', 'true', '--json', 'go');
  const env = { PATH, HOME: os.homedir(), XDG_STATE_HOME: path.join(dir, 'state') };
  const { ms, value } = timed(() => spawnSync(process.execPath, argv, { encoding: 'utf8', env }));
  if (value.status !== 0) throw new Error(`the CLI failed: ${value.stderr}`);
  const { logPath } = JSON.parse(value.stdout) as { logPath: string };
  const result = fs
    .readFileSync(logPath, 'utf8')
    .split('\n')
    .find((l) => l.includes('"tool/result"'));
  fs.rmSync(dir, { recursive: true, force: true });
  const content = result === undefined ? '' : (JSON.parse(result) as { data: { content: string } }).data.content;
  return { ms, content };
}

/** `path:line` of each result line. */
const hitsOf = (content: string): string[] =>
  content
    .split('\n')
    .filter((l) => /^[^[].*?:\d+: /.test(l))
    .map((l) => l.slice(0, l.indexOf(': ')))
    .sort();

function rgHits(cwd: string, args: string[]): { ms: number; hits: string[] } {
  const runs = Array.from({ length: RUNS }, () =>
    timed(() => spawnSync('rg', ['-n', '--no-heading', ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 })),
  );
  const hits = runs[0]!.value.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(/^\.\//, '').split(':').slice(0, 2).join(':'))
    .sort();
  return { ms: median(runs.map((r) => r.ms)), hits };
}

/** The CLI's grep time (median of RUNS, start-up subtracted) and its hits. */
function cliGrep(
  cwd: string,
  args: object,
  PATH: string,
  startup: number,
): { ms: number; hits: string[]; content: string } {
  const runs = Array.from({ length: RUNS }, () => cliRun(cwd, args, PATH));
  return { ms: median(runs.map((r) => r.ms)) - startup, hits: hitsOf(runs[0]!.content), content: runs[0]!.content };
}

/** A PATH with git but no rg: the CLI's grep then has its JavaScript engine. */
function pathWithoutRg(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tools-path-'));
  fs.symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), path.join(dir, 'git'));
  return dir;
}

interface Gap {
  ms: number;
  /** Within the gap, the main thread's time on a core (its own work) and waiting for one (the shared machine); null: no schedstat. */
  runMs: number | null;
  waitMs: number | null;
}

/** The longest gap between two ticks of a 1 ms timer while `run` runs (the host's event loop held). */
async function longestGap(run: () => Promise<unknown>): Promise<Gap> {
  let last = performance.now();
  let lastStat = schedstat();
  let worst: Gap = { ms: 0, runMs: null, waitMs: null };
  const timer = setInterval(() => {
    const at = performance.now();
    const stat = schedstat();
    if (at - last > worst.ms)
      worst = {
        ms: at - last,
        runMs: stat && lastStat && (stat[0] - lastStat[0]) / 1e6,
        waitMs: stat && lastStat && (stat[1] - lastStat[1]) / 1e6,
      };
    last = at;
    lastStat = stat;
  }, 1);
  await run();
  clearInterval(timer);
  return worst;
}

async function inProcessGrep(root: string, pattern: string, locator: RipgrepLocator): Promise<string> {
  const registry = new ToolRegistry();
  registry.register(createGrepTool(new Workspace(root, new NodeWorkspaceFs()), undefined, locator));
  const ctx: ToolContext = { signal: new AbortController().signal, callId: 'bench' };
  return (await registry.execute('grep', JSON.stringify({ pattern }), ctx)).content;
}

function metric(name: string, value: number | string, unit: string, target: string, met: boolean | null): Metric {
  return { name, value: typeof value === 'number' ? round(value, 1) : value, unit, target, met };
}

export async function runToolsBench(log: (line: string) => void): Promise<Metric[]> {
  const metrics: Metric[] = [];
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const noRg = pathWithoutRg();
  const PATH = process.env.PATH ?? '';
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tools-tree-'));
  try {
    execFileSync('cp', ['-r', path.join(REPO_ROOT, 'node_modules'), path.join(tree, 'vendor')]);
    for (const rel of ['vendor/aaa-needle.txt', 'vendor/typescript/lib/zz-needle.txt', 'vendor/zzz-needle.txt'])
      fs.writeFileSync(path.join(tree, rel), `const x = 1;\n${NEEDLE} here\n`);
    const files = Number(execFileSync('sh', ['-c', 'find . -type f | wc -l'], { cwd: tree, encoding: 'utf8' }).trim());
    const bytes = execFileSync('du', ['-sh', '.'], { cwd: tree, encoding: 'utf8' }).split('\t')[0];
    log(`tree: ${files} files, ${bytes}`);
    const startup = median(Array.from({ length: RUNS }, () => cliRun(tree, null, PATH).ms));
    log(`CLI start-up (a scripted turn without a tool call): ${startup.toFixed(0)} ms`);

    const rg = rgHits(tree, ['-uu', NEEDLE, '.']);
    const withRg = cliGrep(tree, { pattern: NEEDLE }, PATH, startup);
    const withJs = cliGrep(tree, { pattern: NEEDLE }, noRg, startup);
    const same = (h: string[]): boolean => h.join('\n') === rg.hits.join('\n');
    log(
      `tree: rg -uu ${rg.ms.toFixed(0)} ms; grep with rg ${withRg.ms.toFixed(0)} ms, without ${withJs.ms.toFixed(0)} ms`,
    );
    log(`tree: rg hits ${rg.hits.join(' ')}; ours ${withRg.hits.join(' ')} / ${withJs.hits.join(' ')}`);
    metrics.push(metric('35k-file tree: rg -n -uu', rg.ms, 'ms', 'reference', null));
    metrics.push(
      metric(
        '35k-file tree: grep with rg (every file searched: same hits as rg -uu)',
        withRg.ms / rg.ms,
        '× rg',
        '≤ 2×',
        withRg.ms <= 2 * rg.ms && same(withRg.hits),
      ),
    );
    metrics.push(
      metric(
        '35k-file tree: grep without rg (same hits)',
        withJs.ms / rg.ms,
        '× rg',
        '≤ 10×',
        withJs.ms <= 10 * rg.ms && same(withJs.hits),
      ),
    );

    await inProcessGrep(tree, 'warm-up', noRipgrep); // the worker thread's start and its modules' first load
    for (const [engine, locator] of [
      ['rg', ripgrepLocator()],
      ['JS engine', noRipgrep],
    ] as const) {
      const gap = await longestGap(() => inProcessGrep(tree, NEEDLE, locator));
      const own = `main thread on a core ${gap.runMs?.toFixed(1) ?? '?'} ms, waiting for one ${gap.waitMs?.toFixed(1) ?? '?'} ms`;
      log(`longest gap during the search of the tree (${engine}): ${gap.ms.toFixed(1)} ms (${own})`);
      const name = `host event loop's longest gap during a search of the tree (${engine}; ${own})`;
      metrics.push(metric(name, gap.ms, 'ms', '≤ 50 ms', gap.ms <= 50));
    }
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }

  const repoStartup = median(Array.from({ length: RUNS }, () => cliRun(REPO_ROOT, null, PATH).ms));
  for (const [kind, pattern] of [
    ['literal', 'ToolSetError'],
    ['regex', 'export const [A-Z_]+_TOOL_NAME'],
  ] as const) {
    const rg = rgHits(REPO_ROOT, [pattern, '.']);
    const withRg = cliGrep(REPO_ROOT, { pattern }, PATH, repoStartup);
    const withJs = cliGrep(REPO_ROOT, { pattern }, noRg, repoStartup);
    const same = (h: string[]): boolean => h.join('\n') === rg.hits.join('\n');
    log(
      `repo ${kind}: rg ${rg.ms.toFixed(0)} ms (${rg.hits.length} lines); with rg ${withRg.ms.toFixed(0)} ms (${withRg.hits.length}); without ${withJs.ms.toFixed(0)} ms (${withJs.hits.length})`,
    );
    metrics.push(
      metric(
        `this repository, ${kind}: the same (path, line) set as rg -n`,
        `${withRg.hits.length} / ${withJs.hits.length} of ${rg.hits.length}`,
        'lines',
        'equal',
        same(withRg.hits) && same(withJs.hits),
      ),
    );
    metrics.push(metric(`this repository, ${kind}: rg -n`, rg.ms, 'ms', 'reference', null));
    metrics.push(
      metric(`this repository, ${kind}: grep with rg`, withRg.ms / rg.ms, '× rg', '≤ 3×', withRg.ms <= 3 * rg.ms),
    );
    metrics.push(
      metric(`this repository, ${kind}: grep without rg`, withJs.ms / rg.ms, '× rg', '≤ 10×', withJs.ms <= 10 * rg.ms),
    );
  }

  const registry = new ToolRegistry();
  registry.register(createListFilesTool(new Workspace(REPO_ROOT, new NodeWorkspaceFs())));
  const ctx: ToolContext = { signal: new AbortController().signal, callId: 'bench' };
  const listed = (await registry.execute('list_files', '{}', ctx)).content;
  const paths = listed.split('\n').filter((l) => !l.startsWith('['));
  const ignored = paths.filter(
    (p) =>
      spawnSync('git', ['check-ignore', '-q', p.replace(/ \(symbolic link\)$/, '')], { cwd: REPO_ROOT }).status === 0,
  );
  log(
    `list_files of the root: ${paths.length} entries, ${listed.split('\n').at(-1)}; ignored among them: ${ignored.join(', ') || 'none'}`,
  );
  metrics.push(
    metric(
      'list_files of this repository root: ignored paths listed',
      ignored.length,
      'paths',
      '0',
      ignored.length === 0,
    ),
  );
  fs.rmSync(noRg, { recursive: true, force: true });
  return metrics;
}
