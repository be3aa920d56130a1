// `npm test`: every tier, in order, stopping at the first failure.
//   lint -> typecheck -> build -> unit -> integration (real extension host) -> e2e (real browser)
// Tiers that need code-server and Chromium prepare them (see scripts/vscode-server/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['build', 'npm', ['run', 'build']],
  ['unit', process.execPath, ['scripts/run-unit.mjs']],
];
if (existsSync('scripts/run-integration.mjs')) steps.push(['integration', process.execPath, ['scripts/run-integration.mjs']]);
if (existsSync('scripts/run-e2e.mjs')) steps.push(['e2e', process.execPath, ['scripts/run-e2e.mjs']]);

const summary = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)`);
  if (result.status !== 0) {
    console.log(`\n=== summary ===\n${summary.join('\n')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n=== summary ===\n${summary.join('\n')}`);
