// Issue 11's and 20's freezes, measured: grep on a catastrophic pattern vs a plain one
// (RE2, linear time), a Markdown answer of 200 vs 20,000 backticks parsed and rendered
// through the real webview components (happy-dom), the Markdown worker on issue 20's
// hostile answers (alone, and with Stop pressed during the parse of the answer's row),
// and `plan` on a log whose last line is 64 MB vs `check` on the same file. Nothing here
// is asserted.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../extension/src/cli/io';
import { main } from '../extension/src/cli/main';
import { createGrepTool } from '../extension/src/core/tools/grep/grep-tool';
import { compileLinear } from '../extension/src/core/tools/grep/linear-regex';
import { NodeWorkspaceFs } from '../extension/src/core/tools/node-workspace-fs';
import { ToolRegistry } from '../extension/src/core/tools/registry';
import { Workspace } from '../extension/src/core/tools/workspace';
import { writeOneTurnLog } from '../test/unit/support/one-turn-log';
import type { Metric } from './report';
import { idleBlockMs, markdownStopCases } from './security-markdown-stop';
import { markdownWorkerCases } from './security-markdown-worker';
import { median, now, round } from './stats';
import { writeMemoryRatios } from './write-memory';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

async function grepMs(registry: ToolRegistry, pattern: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t = now();
    await registry.execute('grep', JSON.stringify({ pattern }), {
      signal: new AbortController().signal,
      callId: `c${i}`,
    });
    if (i > 0) times.push(now() - t);
  }
  return median(times);
}

/** Markdown rendering runs in the page's world (DOM, JSX): its own module, type-checked with the webview's settings. */
const MARKDOWN_MODULE = './security-markdown.bench';
type MarkdownMs = (n: number, runs: number) => number;

async function cliMs(dir: string, args: string[]): Promise<number> {
  const io: CliIo = { env: {}, cwd: dir, out: () => undefined, err: () => undefined, write: () => undefined };
  const t = now();
  const code = await main(args, io);
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}`);
  return now() - t;
}

export async function runSecurityBench(log: (line: string) => void): Promise<Metric[]> {
  // grep: one 4 MB file of 40-`a` lines ending in `!` (no line matches either pattern).
  const root = fs.realpathSync(tmp('agent-checklist-bench-grep-'));
  fs.writeFileSync(path.join(root, 'evil.txt'), `${'a'.repeat(40)}!\n`.repeat(100_000));
  compileLinear('load'); // RE2 is loaded at the first pattern it compiles: not timed below
  const registry = new ToolRegistry();
  registry.register(createGrepTool(new Workspace(root, new NodeWorkspaceFs())));
  const plain = await grepMs(registry, 'needle', 5);
  const evil = await grepMs(registry, '^(a+)+$', 5);
  log(`grep over 4 MB: plain ${round(plain, 1)} ms, ^(a+)+$ ${round(evil, 1)} ms`);

  const { markdownMs } = (await import(MARKDOWN_MODULE)) as { markdownMs: MarkdownMs };
  const md200 = markdownMs(200, 5);
  const md20k = markdownMs(20_000, 3);
  const mdRatio = md20k / md200;
  log(
    `markdown: 200 backticks ${round(md200, 1)} ms, 20,000 ${round(md20k, 1)} ms (input ×100, time ×${round(mdRatio, 1)})`,
  );

  const workerCases = await markdownWorkerCases();
  for (const c of workerCases)
    log(
      `markdown worker, ${c.name}: host blocked ${round(c.blockMs, 1)} ms, back in ${round(c.doneMs, 0)} ms${c.plain ? ' (plain text)' : ''}`,
    );
  const stopCases = await markdownStopCases();
  for (const c of stopCases)
    log(
      `Stop during the parse of ${c.name}: ${c.reason} in ${round(c.stopMs, 1)} ms (parse under way: ${c.parsing}), host blocked ${round(c.blockMs, 1)} ms (fold + present ${round(c.presentMs, 1)} ms), row ${c.markdown}`,
    );
  const idle = await idleBlockMs();
  log(`idle host, the same interval for 2 s: longest gap ${round(idle, 1)} ms`);

  const dir = tmp('agent-checklist-bench-plan-');
  const file = path.join(dir, 'long.jsonl');
  writeOneTurnLog(file, [{ content: 'long', status: 'in_progress' }], 64 * 1024 * 1024);
  const plan = median([
    await cliMs(dir, ['plan', file, '--format', 'json']),
    await cliMs(dir, ['plan', file, '--format', 'json']),
    await cliMs(dir, ['plan', file, '--format', 'json']),
  ]);
  const check = median([
    await cliMs(dir, ['check', file]),
    await cliMs(dir, ['check', file]),
    await cliMs(dir, ['check', file]),
  ]);
  log(`64 MB last line: plan ${round(plan, 0)} ms, check ${round(check, 0)} ms`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });

  const writeRatios = writeMemoryRatios(10);
  const writeWorst = Math.max(...writeRatios);
  log(`write_file 9 MB: peak RSS growth ${writeRatios.map((r) => round(r, 2)).join(', ')} × the content`);

  const grepRatio = evil / plain;
  return [
    {
      name: 'grep 4 MB, plain pattern `needle` (median of 5)',
      value: round(plain, 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    { name: 'grep 4 MB, `^(a+)+$` (median of 5)', value: round(evil, 1), unit: 'ms', target: 'reported', met: null },
    {
      name: 'grep pathological / plain',
      value: round(grepRatio, 2),
      unit: '×',
      target: '≤ 10× (linear: no blow-up)',
      met: grepRatio <= 10,
    },
    {
      name: 'Markdown parse + render, 200 backticks',
      value: round(md200, 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'Markdown parse + render, 20,000 backticks',
      value: round(md20k, 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'Markdown time ratio for 100× the input',
      value: round(mdRatio, 1),
      unit: '×',
      target: 'near linear (≤ 200×)',
      met: mdRatio <= 200,
    },
    ...workerCases.flatMap((c): Metric[] => [
      {
        name: `Markdown worker, ${c.name}: host event loop max block`,
        value: round(c.blockMs, 1),
        unit: 'ms',
        target: '≤ 50 ms',
        met: c.blockMs <= 50,
      },
      {
        name: `Markdown worker, ${c.name}: tree back${c.plain ? ' (plain text past the deadline)' : ''}`,
        value: round(c.doneMs, 0),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
    ]),
    ...stopCases.flatMap((c): Metric[] => [
      {
        name: `Stop while the answer row's Markdown is parsed, ${c.name}: Stop -> turn ended (${c.reason}${c.parsing ? '' : '; the parse had already ended'})`,
        value: round(c.stopMs, 1),
        unit: 'ms',
        target: '≤ 500 ms',
        met: c.stopMs <= 500 && c.reason === 'aborted',
      },
      {
        name: `Stop while the answer row's Markdown is parsed, ${c.name}: host event loop max block (turn start -> row's Markdown posted, ${c.markdown})`,
        value: round(c.blockMs, 1),
        unit: 'ms',
        target: '≤ 50 ms',
        met: c.blockMs <= 50,
      },
      {
        name: `Stop while the answer row's Markdown is parsed, ${c.name}: the host's own work on the row (fold + present)`,
        value: round(c.presentMs, 1),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
    ]),
    {
      name: "idle host: the same 10 ms interval's longest gap over 2 s, nothing to do (the machine's scheduling noise)",
      value: round(idle, 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'write_file 9 MB: peak RSS growth / content (median of 10)',
      value: round(median(writeRatios), 2),
      unit: '×',
      target: '< 3×',
      met: median(writeRatios) < 3,
    },
    {
      name: 'write_file 9 MB: peak RSS growth / content (worst of 10)',
      value: round(writeWorst, 2),
      unit: '×',
      target: '< 3×',
      met: writeWorst < 3,
    },
    {
      name: '`plan` with a 64 MB last line (median of 3)',
      value: round(plan, 0),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: '`check` on the same file (median of 3)',
      value: round(check, 0),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: '`plan` / `check` on the 64 MB tail line',
      value: round(plan / check, 2),
      unit: '×',
      target: 'same order as check, linear in the line (≤ 2×)',
      met: plan / check <= 2,
    },
  ];
}
