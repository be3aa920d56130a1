// The README's first command, as a new user runs it: a clean clone of this
// repository's current commit in a temporary folder, `npm ci`, then `npm start`
// until the URL it prints answers /healthz, then Ctrl+C (SIGINT to its process
// group). The clone has its own .vscode-test, so code-server is prepared from
// scratch (about two minutes of CPU). `rg` is hidden from PATH, to show that
// ripgrep is not needed; libkrb5-dev is not consulted at all any more (see
// scripts/vscode-server/install.mjs). Run by .ci/run; by hand:
// `node scripts/fresh-clone-check.mjs [--keep]`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode-server/paths.mjs';

const HIDDEN = new Set(['rg']);
const START_DEADLINE_MS = 15 * 60_000;
const keep = process.argv.includes('--keep');
const dir = mkdtempSync(join(tmpdir(), 'agent-checklist-fresh-clone-'));
const clone = join(dir, 'repo');
const started = Date.now();
const say = (line) => console.log(`fresh-clone: ${line} (${((Date.now() - started) / 1000).toFixed(0)}s)`);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.status})`);
}

/** PATH as given, minus the programs in HIDDEN: one folder of links to the first of each name. */
function shadowPath() {
  const bin = join(dir, 'path');
  mkdirSync(bin);
  const seen = new Set();
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (!folder || !existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      if (seen.has(name) || HIDDEN.has(name)) continue;
      seen.add(name);
      symlinkSync(join(folder, name), join(bin, name));
    }
  }
  return bin;
}

/** `npm start` in the clone until its URL answers /healthz; then SIGINT, as Ctrl+C would. */
async function startAndStop(env) {
  const child = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  let closed = false;
  void exited.then(() => (closed = true));
  try {
    let healthz = null;
    while (Date.now() - started < START_DEADLINE_MS && !closed) {
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
      if (url) {
        const answer = await fetch(new URL('healthz', url)).catch(() => null);
        if (answer?.ok) {
          healthz = { url, body: await answer.text() };
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (!healthz)
      throw new Error(
        closed
          ? `npm start exited before its URL answered (${await exited})`
          : 'npm start did not answer /healthz in time',
      );
    say(`npm start answered ${healthz.url}healthz: ${healthz.body.trim()}`);
    process.kill(-child.pid, 'SIGINT');
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000))]);
    if (code === 'timeout') throw new Error('npm start did not stop within 30 s of SIGINT');
    const after = await fetch(new URL('healthz', healthz.url)).catch(() => null);
    if (after) throw new Error('code-server still answers after npm start stopped');
    say(`npm start stopped on SIGINT (${code})`);
  } finally {
    if (!closed) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

try {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  say(`cloning ${head} into ${clone}`);
  run('git', ['clone', '--quiet', '--no-checkout', REPO_ROOT, clone]);
  run('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
  const env = { ...process.env, PATH: shadowPath() };
  for (const name of HIDDEN)
    if (spawnSync('sh', ['-c', `command -v ${name}`], { env }).status === 0)
      throw new Error(`${name} is still on the shadow PATH`);
  say('npm ci');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, env });
  say("npm start (prepares code-server in the clone's own .vscode-test)");
  await startAndStop(env);
  const kerberos = join(
    clone,
    '.vscode-test',
    'code-server',
    'node_modules',
    'code-server',
    'lib',
    'vscode',
    'node_modules',
    'kerberos',
    'build',
  );
  if (existsSync(kerberos)) throw new Error('kerberos was built (it needs libkrb5-dev)');
  say('ok: npm ci && npm start work in a clean clone without ripgrep and without building kerberos');
} catch (error) {
  console.error(`fresh-clone: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`fresh-clone: kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
