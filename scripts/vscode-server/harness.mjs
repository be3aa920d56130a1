// What the integration and e2e runners share: prerequisites (and the skip rule),
// bundling the extension-host tests, and opening a workbench page with the
// automation hooks the extension-host test runner reports through.
import { spawnSync } from 'node:child_process';
import { format } from 'node:util';
import { join } from 'node:path';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { CODE_SERVER_BUILD, ensurePrerequisites, whyMissing } from '../prerequisites.mjs';
import { isCodeServerInstalled } from './install.mjs';
import { REPO_ROOT } from './paths.mjs';

export const INTEGRATION_OUT = join(REPO_ROOT, 'out', 'integration');

/** The system programs the real-VS-Code tiers need here (the build tools only until code-server is built). */
function tierNeeds() {
  return ['chromium', ...(isCodeServerInstalled() ? [] : CODE_SERVER_BUILD)];
}

/**
 * Returns null when the real-VS-Code tiers can run (or we can install what they
 * need, as root), else why not, with the exact command.
 */
export function whyCannotRun() {
  return whyMissing(tierNeeds());
}

/**
 * Installs what the tier needs when we can (root), else: outside CI the tier is
 * skipped with the command that would enable it; in CI it fails.
 */
export function skipOrFail(tier) {
  const why = whyCannotRun();
  if (!why) {
    ensurePrerequisites(tierNeeds(), { who: tier });
    return;
  }
  if (process.env.CI) {
    console.error(`${tier}: cannot run: ${why}`);
    process.exit(1);
  }
  console.log(`${tier}: SKIPPED — ${why}`);
  console.log(`${tier}: 0 passed, 0 failed, 1 skipped`);
  process.exit(0);
}

export function buildExtension() {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/**
 * The integration tests' module in the extension (test/integration/test-api/), as
 * dist/test-api.js beside dist/extension.js: extension.ts requires it in
 * ExtensionMode.Test only. No build of the product emits it, and the VSIX packs only
 * the files .vscodeignore names.
 */
export const TEST_API_OUT = join(REPO_ROOT, 'dist', 'test-api.js');

/**
 * Bundles test/integration/*.ts to out/integration/*.js (vscode and mocha stay
 * external), and the test API to dist/test-api.js.
 */
export async function bundleIntegrationTests() {
  await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'test', 'integration', 'test-api', 'test-api.ts')],
    outfile: TEST_API_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const dir = join(REPO_ROOT, 'test', 'integration');
  const entryPoints = readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .map((n) => join(dir, n));
  await esbuild.build({
    entryPoints,
    outdir: INTEGRATION_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(INTEGRATION_OUT, 'index.js');
}

/** The suite for the extension as installed from the VSIX (test/integration/installed/), bundled to out/integration-installed/. */
export const INSTALLED_OUT = join(REPO_ROOT, 'out', 'integration-installed');

/**
 * VS Code runs an extensionTestsPath only beside an extensionDevelopmentPath. For the
 * installed suite that is this empty extension of another name, so the extension under
 * test stays the installed copy (Production mode).
 */
function writeRunnerExtension() {
  const dir = join(INSTALLED_OUT, 'runner-extension');
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name: 'installed-suite-runner',
    publisher: 'agent-checklist-tests',
    version: '0.0.0',
    engines: { vscode: '^1.100.0' },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/**
 * Bundles test/integration/installed/*.ts (no test API: the installed extension runs in
 * Production mode). Returns the test entry and the runner extension to pass beside it.
 */
export async function bundleInstalledTests() {
  const dir = join(REPO_ROOT, 'test', 'integration', 'installed');
  await esbuild.build({
    entryPoints: readdirSync(dir)
      .filter((n) => n.endsWith('.ts'))
      .map((n) => join(dir, n)),
    outdir: INSTALLED_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return { testEntry: join(INSTALLED_OUT, 'index.js'), runnerExtension: writeRunnerExtension() };
}

/** Workbench noise that says nothing about the extension under test. */
const NOISE = [
  /^Resolving connection token/,
  /^Resolved connection token/,
  /^Creating a socket/,
  /^Ignoring fetching additional builtin extensions/,
  /^\[Service Worker\]/,
  /^ChatSessionStore:/,
  /^Updating additional builtin extensions cache/,
  /vsda/,
  /^\s+at .*\/code-server\/lib\/vscode\/out\//, // workbench-internal stack frames
];

/**
 * Exposes codeAutomationLog/codeAutomationExit on the page (before it loads).
 * Returns { exited }: a promise of the exit code the extension-host test runner
 * reports (wrapped, so awaiting this function does not wait for the run).
 */
export async function exposeAutomationHooks(page, { onLine = (line) => console.log(line), verbose = false } = {}) {
  let exit;
  const exited = new Promise((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationLog', (level, args) => {
    const text = Array.isArray(args) ? format(...args) : format(args);
    if (!verbose && NOISE.some((re) => re.test(text))) return;
    for (const line of text.split('\n')) {
      if (!verbose && NOISE.some((re) => re.test(line))) continue;
      onLine(level === 'error' || level === 'warn' ? `[${level}] ${line}` : line);
    }
  });
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  return { exited };
}
