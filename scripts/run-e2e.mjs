// E2E tier: the real VS Code workbench (code-server) in Debian's headless Chromium,
// driven with playwright-core; node:test runs test/e2e/*.test.ts one file at a time.
//   --vsix:  the smoke suites (SMOKE) against the extension as a user installs it:
//            `npm run package`'s VSIX (reused while newer than its sources), installed
//            with code-server's --install-extension into each workbench's fresh
//            extensions folder, no development path.
// Arguments that are not flags pick test files by a part of their path.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildExtension, skipOrFail } from './vscode-server/harness.mjs';
import { ensureCodeServer } from './vscode-server/install.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';
import { packagedVsix } from './vscode-server/vsix.mjs';

/** The files run against the installed VSIX: the package, the plan's surfaces, the Board, items' checks. */
const SMOKE = ['vsix.test.ts', 'plan-surfaces.test.ts', 'board.test.ts', 'plan-checks.test.ts'];
/** Files that only make sense against the installed VSIX. */
const VSIX_ONLY = ['vsix.test.ts'];

const installed = process.argv.includes('--vsix');
skipOrFail('e2e');
const env = { ...process.env };
if (installed) env.AGENT_CHECKLIST_E2E_VSIX = packagedVsix();
else buildExtension();
ensureCodeServer();
const dir = join(REPO_ROOT, 'test', 'e2e');
const filter = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = readdirSync(dir)
  .filter((n) => n.endsWith('.test.ts'))
  .filter((n) => (installed ? SMOKE.includes(n) : !VSIX_ONLY.includes(n)))
  .map((n) => join(dir, n))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)));
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { cwd: REPO_ROOT, stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
