// E2E tier: the real VS Code workbench (code-server) in Debian's headless Chromium,
// driven with playwright-core; node:test runs test/e2e/*.test.ts one file at a time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildExtension, skipOrFail } from './vscode-server/harness.mjs';
import { ensureCodeServer } from './vscode-server/install.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';

skipOrFail('e2e');
buildExtension();
ensureCodeServer();
const dir = join(REPO_ROOT, 'test', 'e2e');
const filter = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((n) => n.endsWith('.test.ts'))
  .map((n) => join(dir, n))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
