// Run Items in Parallel (issue 50): 4 independent items with `run --parallel 4` against
// the slowest of them run alone, and creating an item's worktree of this repository
// (core/worktrees/item-worktree.ts) against `git worktree add` run by hand.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliIo } from '../extension/src/cli/io';
import { main } from '../extension/src/cli/main';
import { addItemWorktree } from '../extension/src/core/worktrees/item-worktree';
import { sse } from '../test/unit/providers/loopback-server';
import { textStep, toolCallStep } from '../test/unit/providers/openai-wire';
import { median, now, round } from './stats';
import type { Metric } from './report';

const MODEL_DELAY_MS = 400;
const RUNS = 5;

type Message = { role: string; content: unknown };

/** Each child writes its file, marks its item completed, then answers; every answer after MODEL_DELAY_MS. */
function answer(messages: Message[]): string {
  const first = messages.find((m) => typeof m.content === 'string' && m.content.startsWith('Work on item'));
  const content = /now: (.*)$/m.exec(first!.content as string)![1]!;
  const calls = messages.filter((m) => m.role === 'tool').length;
  if (calls === 0) return toolCallStep('w', 'write_file', [JSON.stringify({ path: `${content}.txt`, content })]);
  if (calls === 1)
    return toolCallStep('t', 'todo_write', [JSON.stringify({ todos: [{ content, status: 'completed' }] })]);
  return textStep('Done.');
}

function git(cwd: string, ...args: string[]): string {
  return String(execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd })).trim();
}

async function cli(dir: string, state: string, args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const io: CliIo = {
    out: (l) => out.push(l),
    err: () => undefined,
    write: () => undefined,
    env: { KEY: '', XDG_STATE_HOME: state },
    cwd: dir,
  };
  return { code: await main(args, io), out: out.join('\n') };
}

/** Milliseconds of `run --parallel <limit>` over a fresh repository whose plan is `items`. */
async function timeRun(url: string, items: string[], limit: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parallel-'));
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-parallel-state-'));
  try {
    git(dir, 'init', '-q');
    fs.writeFileSync(path.join(dir, '.gitignore'), '.agent-checklist/\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'start');
    fs.mkdirSync(path.join(dir, '.agent-checklist'));
    fs.writeFileSync(path.join(dir, '.agent-checklist/plan.md'), items.map((t) => `- [ ] ${t}\n`).join(''));
    const imported = await cli(dir, state, ['import', '.agent-checklist/plan.md']);
    const session = path.basename(imported.out.split('\n').at(-1)!, '.jsonl');
    const model = ['--provider', 'openai', '--base-url', url, '--model', 'm', '--api-key-env', 'KEY'];
    const flags = ['--checkpoints', 'off', '--verify-completion', 'off', '--yes', '--json'];
    const policy = ['--allow-parallel-in-progress', 'false'];
    const t = now();
    const r = await cli(dir, state, [
      'run',
      '--session',
      session,
      '--parallel',
      String(limit),
      ...model,
      ...flags,
      ...policy,
    ]);
    const elapsed = now() - t;
    if (r.code !== 0) throw new Error(`run --parallel failed: ${r.out}`);
    return elapsed;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  }
}

async function parallelRatio(log: (line: string) => void): Promise<Metric> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Message[] };
      const reply = sse(answer(body.messages));
      setTimeout(() => res.writeHead(200, reply.headers).end(reply.body), MODEL_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  try {
    const items = ['one', 'two', 'three', 'four'];
    await timeRun(url, ['warm'], 1);
    const alone: number[] = [];
    for (const item of items) alone.push(await timeRun(url, [item], 1));
    const together = await timeRun(url, items, 4);
    const slowest = Math.max(...alone);
    log(`alone: ${alone.map((ms) => ms.toFixed(0)).join(', ')} ms; 4 with --parallel 4: ${together.toFixed(0)} ms`);
    const ratio = together / slowest;
    return {
      name: '4 items --parallel 4 / slowest alone',
      value: round(ratio, 2),
      unit: '×',
      target: '≤ 1.6',
      met: ratio <= 1.6,
    };
  } finally {
    server.close();
  }
}

async function worktreeRatio(log: (line: string) => void): Promise<Metric> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-worktree-'));
  try {
    const clone = path.join(dir, 'repo');
    git(process.cwd(), 'clone', '-q', '--local', process.cwd(), clone);
    const head = git(clone, 'rev-parse', 'HEAD');
    const byHand: number[] = [];
    const ours: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      let t = now();
      git(clone, 'worktree', 'add', '-q', '-b', `hand-${i}`, path.join(dir, `hand-${i}`), head);
      const hand = now() - t;
      t = now();
      await addItemWorktree(clone, { branch: `ours-${i}`, worktree: path.join(dir, 'ours', `${i}`) }, head);
      const product = now() - t;
      if (i > 0) byHand.push(hand);
      if (i > 0) ours.push(product);
    }
    log(
      `git worktree add: median ${median(byHand).toFixed(0)} ms; addItemWorktree: median ${median(ours).toFixed(0)} ms`,
    );
    const ratio = median(ours) / median(byHand);
    return {
      name: 'worktree create / git worktree add',
      value: round(ratio, 2),
      unit: '×',
      target: '≤ 2',
      met: ratio <= 2,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runParallelBench(log: (line: string) => void): Promise<Metric[]> {
  return [await worktreeRatio(log), await parallelRatio(log)];
}
