// Install tier: the extension and the CLI as a user installs them. Packs the CLI's npm
// tarball (`npm run package:cli`) and the VSIX (`npm run package`) once for every test
// (the VSIX is installed into code-server, driven in Chromium through playwright-core),
// and runs test/install/*.test.ts one file at a time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { skipOrFail } from './vscode-server/harness.mjs';
import { ensureCodeServer } from './vscode-server/install.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';

skipOrFail('install');
ensureCodeServer();
/** Runs a packing script and returns the path its last line names. */
function pack(script) {
  const packed = spawnSync(process.execPath, [script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (packed.status !== 0) {
    console.error(`install: ${script} failed\n${packed.stdout}`);
    process.exit(1);
  }
  return packed.stdout.trim().split('\n').at(-1);
}
const cliTarball = pack('scripts/package-cli.mjs');
const vsix = pack('scripts/package.mjs');
const dir = join(REPO_ROOT, 'test', 'install');
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((n) => n.endsWith('.test.ts'))
  .map((n) => join(dir, n))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, INSTALL_TIER_VSIX: vsix, INSTALL_TIER_CLI_TARBALL: cliTarball },
  },
);
process.exit(result.status ?? 1);
