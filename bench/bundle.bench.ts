// Bundle sizes (production build) and activation time in the real host: code-server
// (VS Code 1.100.3) loads the production build from a scratch folder, the Agent
// Checklist container is opened (which activates the extension) and the duration
// activate() logs ("activated in N ms", start to end) is read from its log file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumPath } from '../scripts/vscode-server/browser.mjs';
import { ENTRY, READY_MARKER } from '../scripts/vscode-server/paths.mjs';
import { PROCESS_META, startupFiles, type ProcessMetafile } from '../scripts/bundle-check.mjs';
import { CJS_RUNTIME } from '../scripts/cjs-runtime.mjs';
import { WEBVIEW_CHUNKS } from '../scripts/webview-build.mjs';
import { openContainer, openWorkbench, until } from '../test/e2e/workbench';
import { productionBuild } from './production-build';
import type { Metric } from './report';
import { median, round } from './stats';

const KB = 1024;
const ACTIVATIONS = 5;
const ACTIVATED = /activated in ([\d.]+) ms/;

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The activation time the extension logged in this server's user-data folder, or null before it has. */
function loggedActivation(userDataDir: string): number | null {
  for (const file of files(path.join(userDataDir, 'logs'))) {
    if (!file.includes('agent-checklist') || !file.endsWith('.log')) continue;
    const match = ACTIVATED.exec(fs.readFileSync(file, 'utf8'));
    if (match) return Number(match[1]);
  }
  return null;
}

async function activationTimes(extensionPath: string, log: (line: string) => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ACTIVATIONS; i++) {
    const workbench = await openWorkbench({ extensionDevelopmentPath: extensionPath });
    try {
      await openContainer(workbench.page);
      const ms = await until(
        async () => loggedActivation(workbench.server.userDataDir),
        (v) => v !== null,
        'the "activated in" log line',
      );
      if (ms === null) throw new Error('no activation time logged');
      log(`  activation ${i + 1}/${ACTIVATIONS}: ${ms} ms`);
      times.push(ms);
    } finally {
      // The extension host may still be writing its workspace storage as the server stops.
      await workbench.close().catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const folder of [workbench.server.userDataDir, workbench.workspace])
          fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      });
    }
  }
  return times;
}

/** Median wall time of require(file), then of `use` on what it exports (if given), in a fresh Node process: what a first use pays once. */
function loadMs(file: string, runs = 5, use = ''): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const script = `const t = performance.now(); const m = require(${JSON.stringify(file)}); ${use}; console.log(performance.now() - t)`;
    const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const ms = Number(out.stdout.trim());
    if (out.status !== 0 || !Number.isFinite(ms)) throw new Error(`loading ${file} failed: ${out.stderr}`);
    times.push(ms);
  }
  return median(times);
}

/** From `new Worker(file)` to the tree of ANSWER back, in a fresh Node (the time until the first answer's row shows its Markdown). */
function workerFirstAnswerMs(file: string, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const script = `const t = performance.now(); const w = new (require('node:worker_threads').Worker)(${JSON.stringify(file)});
w.on('message', (m) => { if (m.ready) w.postMessage({ id: 1, text: ${JSON.stringify(ANSWER)} }); else { console.log(performance.now() - t); void w.terminate(); } });`;
    const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const ms = Number(out.stdout.trim());
    if (out.status !== 0 || !Number.isFinite(ms)) throw new Error(`starting ${file} failed: ${out.stderr}`);
    times.push(ms);
  }
  return median(times);
}

/** A typical answer (about 1 KB, 964 characters: heading, emphasis, code, a task list and a table), for the first answer's one-time cost. */
const ANSWER = [
  '## Done',
  '',
  'I fixed the **parser** crash in `src/parse.ts` and added a test; see [the issue](https://example.com/issues/7).',
  '',
  '- [x] reproduce the crash',
  '- [x] guard the empty input',
  '- [ ] release notes',
  '',
  '| file | change |',
  '|---|---|',
  '| `src/parse.ts` | returns `[]` on empty input |',
  '| `test/parse.test.ts` | new case |',
  '',
  '```ts',
  'export function parse(text: string): Node[] {',
  "  if (text === '') return [];",
  '  return tokens(text).map(node);',
  '}',
  '```',
  '',
  '> Note: the old behaviour threw _before_ logging.',
]
  .join('\n')
  .repeat(2);

/**
 * What `entry` (e.g. 'extension.js') loads at start in the process build, as dist/
 * paths (the build's metafile names the first pass's files, dist/.esm/…), with the
 * CommonJS helpers every one of them requires (scripts/cjs-runtime.mjs; not in the metafile).
 */
function loadedAtStart(meta: ProcessMetafile, entry: string): string[] {
  return [...startupFiles(meta, `dist/.esm/${entry}`).map((file) => file.replace('dist/.esm/', '')), CJS_RUNTIME];
}

function sizes(dir: string): Metric[] {
  const size = (file: string): number => fs.statSync(path.join(dir, 'dist', file)).size;
  const kb = (bytes: number): number => round(bytes / KB, 1);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, PROCESS_META), 'utf8')) as ProcessMetafile;
  const total = (list: string[]): number => list.reduce((sum, file) => sum + size(file), 0);
  const atStart = (entry: string): string[] => loadedAtStart(meta, entry);
  /** What a lazy entry adds to what `main` already loaded: its own files and the chunks only it brings. */
  const beyond = (entry: string, main = 'extension.js'): number =>
    total(atStart(entry).filter((file) => !atStart(main).includes(file)));
  const extension = total(atStart('extension.js'));
  const js = size('webview/main.js');
  const gzip = gzipSync(fs.readFileSync(path.join(dir, 'dist', 'webview', 'main.js'))).length;
  const text = atStart('extension.js')
    .map((file) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8'))
    .join('\n');
  // Markers only each lazy piece has (the provider SDKs' base-URL variables, the MCP SDK's name, emscripten's loader, character-entities and micromark's token names).
  const testIds = fs
    .readdirSync(path.join(dir, 'dist', 'webview'))
    .some(
      (f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, 'dist', 'webview', f), 'utf8').includes('data-testid'),
    );
  const lazy = /OPENAI_BASE_URL|ANTHROPIC_BASE_URL|modelcontextprotocol|locateFile|AElig|htmlFlow/;
  const dist = (file: string): string => path.join(dir, 'dist', file);
  return [
    {
      name: 'dist/extension.js and the chunks it loads at start, minified',
      value: kb(extension),
      unit: 'KB',
      target: '≤ 300 KB',
      met: extension <= 300 * KB,
    },
    {
      name: 'dist/extension.js holds no provider SDK, no MCP SDK, no re2-wasm and no Markdown parser',
      value: lazy.test(text) ? 'no' : 'yes',
      unit: '',
      target: 'yes',
      met: !lazy.test(text),
    },
    {
      name: 'dist/cli.js and the chunks it loads at start, minified',
      value: kb(total(atStart('cli.js'))),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/providers/openai.js with what it adds to the host (loaded when the openai provider is first used)',
      value: kb(beyond('providers/openai.js')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/providers/anthropic.js with what it adds to the host (loaded when the anthropic provider is first used)',
      value: kb(beyond('providers/anthropic.js')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: "dist/re2.js with what it adds to the host (grep's engine, loaded at the first search)",
      value: kb(beyond('re2.js')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/re2.js load time, paid once at the first search (median of 5, fresh Node)',
      value: round(loadMs(dist('re2.js')), 1),
      unit: 'ms',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/markdown-worker.js (the Markdown parser: micromark + GFM + mdast, in the worker thread started at the first answer presented)',
      value: kb(size('markdown-worker.js')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: "the first answer's Markdown: start dist/markdown-worker.js as a worker thread and get the tree of a 1 KB answer, cold, off the host's event loop (median of 5, fresh Node)",
      value: round(workerFirstAnswerMs(dist('markdown-worker.js')), 1),
      unit: 'ms',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/mcp.js with what it adds to the CLI (the MCP SDK and our plan server, loaded by `agent-checklist mcp` only)',
      value: kb(beyond('mcp.js', 'cli.js')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    {
      name: 'dist/mcp.js load time, paid once when `agent-checklist mcp` starts (median of 5, fresh Node)',
      value: round(loadMs(dist('mcp.js')), 1),
      unit: 'ms',
      target: 'report',
      met: null,
    },
    { name: 'dist/webview/main.js, minified', value: kb(js), unit: 'KB', target: '≤ 40 KB', met: js <= 40 * KB },
    ...Object.values(WEBVIEW_CHUNKS).map((chunk): Metric => ({
      name: `dist/webview/${chunk}.js, minified (a chunk main.js loads with import() when first needed)`,
      value: kb(size(`webview/${chunk}.js`)),
      unit: 'KB',
      target: 'report',
      met: null,
    })),
    {
      name: 'dist/webview/*.js hold no data-testid (production)',
      value: testIds ? 'no' : 'yes',
      unit: '',
      target: 'yes',
      met: !testIds,
    },
    {
      name: 'dist/webview/main.css, minified',
      value: kb(size('webview/main.css')),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    { name: 'dist/webview/main.js, minified + gzip', value: kb(gzip), unit: 'KB', target: 'report', met: null },
  ];
}

export async function runBundleBench(log: (line: string) => void): Promise<Metric[]> {
  const dir = productionBuild();
  try {
    const metrics = sizes(dir);
    const missing = [
      ...(chromiumPath() ? [] : ['chromium']),
      ...(fs.existsSync(READY_MARKER) && fs.existsSync(ENTRY) ? [] : ['code-server']),
    ];
    if (missing.length) {
      log(`  activation: SKIPPED — missing ${missing.join(', ')}`);
      return [
        ...metrics,
        {
          name: 'activation (skipped: no code-server/Chromium here)',
          value: 'skipped',
          unit: '',
          target: '≤ 50 ms',
          met: null,
        },
      ];
    }
    const times = await activationTimes(dir, log);
    return [
      ...metrics,
      {
        name: `activation, activate() start to end in code-server, production build (median of ${ACTIVATIONS})`,
        value: round(median(times), 1),
        unit: 'ms',
        target: '≤ 50 ms',
        met: median(times) <= 50,
      },
      { name: 'activation (max)', value: round(Math.max(...times), 1), unit: 'ms', target: 'report', met: null },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
