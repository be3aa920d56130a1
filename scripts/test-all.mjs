// `npm test`: every tier, in order, stopping at the first failure.
//   lint -> typecheck -> build -> unit -> dist (the production build, as shipped) ->
//   integration (real extension host) -> e2e (real browser), each browser tier also
//   against the extension installed from the VSIX -> install (the VSIX and the CLI package
//   as a user installs them)
// dist builds dist/ for production and keeps it (--keep-production-build): integration and
// e2e each build the development build they load first thing.
// The system programs every tier needs are made sure of first (scripts/prerequisites.mjs:
// installed from Debian when we are root, else we stop with the command to run);
// code-server is prepared by the first tier that needs it (scripts/vscode-server/).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CODE_SERVER_BUILD, ensureOrExit } from './prerequisites.mjs';
import { isCodeServerInstalled } from './vscode-server/install.mjs';

ensureOrExit(['chromium', 'bubblewrap', 'git', 'ripgrep', ...(isCodeServerInstalled() ? [] : CODE_SERVER_BUILD)], {
  who: 'npm test',
});

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['build', 'npm', ['run', 'build']],
  ['unit', process.execPath, ['scripts/run-unit.mjs']],
];
if (existsSync('scripts/run-dist.mjs'))
  steps.push(['dist', process.execPath, ['scripts/run-dist.mjs', '--keep-production-build']]);
// Each browser tier runs twice: against the working tree, then (`--vsix`) a small suite
// against the extension installed from the VSIX (packaged once, reused by the second).
if (existsSync('scripts/run-integration.mjs'))
  steps.push(
    ['integration', process.execPath, ['scripts/run-integration.mjs']],
    ['integration (VSIX)', process.execPath, ['scripts/run-integration.mjs', '--vsix']],
  );
if (existsSync('scripts/run-e2e.mjs'))
  steps.push(
    ['e2e', process.execPath, ['scripts/run-e2e.mjs']],
    ['e2e (VSIX)', process.execPath, ['scripts/run-e2e.mjs', '--vsix']],
  );
if (existsSync('scripts/run-install.mjs')) steps.push(['install', process.execPath, ['scripts/run-install.mjs']]);

/** Runs one step, echoing its output and keeping it to count the tests it reports. */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('close', (code) => resolve({ status: code ?? 1, out }));
  });
}

/** Tests counted from each tier's own closing lines (node:test's `ℹ pass N`, the harness's `N passed, N failed`). */
function counts(out) {
  const last = (re) => {
    const all = [...out.matchAll(re)];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  const plain = [...out.matchAll(/^\w+: (\d+) passed, (\d+) failed/gm)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]), skipped: 0 };
  return {
    passed: last(/^(?:ℹ|#) pass (\d+)/gm),
    failed: last(/^(?:ℹ|#) fail (\d+)/gm),
    skipped: last(/^(?:ℹ|#) skipped (\d+)/gm),
  };
}

const summary = [];
const total = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = await run(cmd, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const c = counts(result.out);
  for (const k of Object.keys(total)) total[k] += c[k];
  summary.push(
    `${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)${c.passed || c.failed ? ` ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : ''}`,
  );
  if (result.status !== 0) {
    status = result.status;
    break;
  }
}
console.log(`\n=== summary ===\n${summary.join('\n')}`);
// The plain closing line, over every tier that ran.
console.log(
  `\ntests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(status);
