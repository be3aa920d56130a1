// Integration tier: the mocha suite in test/integration runs inside the REAL VS Code
// extension host, with the extension loaded in development mode.
//   here (offline):  code-server + Debian Chromium, via the workbench `payload` URL
//   --electron:      @vscode/test-cli / @vscode/test-electron (.vscode-test.mjs), for
//                    machines that can download VS Code
//   --vsix:          the extension as a user installs it: `npm run package`'s VSIX (reused
//                    while newer than its sources) installed with code-server's
//                    --install-extension; the suite in test/integration/installed/ (the
//                    development path is an empty runner extension, so the extension
//                    under test runs in Production mode, with no test API)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { launchBrowser } from './vscode-server/browser.mjs';
import {
  buildExtension,
  bundleInstalledTests,
  bundleIntegrationTests,
  exposeAutomationHooks,
  skipOrFail,
} from './vscode-server/harness.mjs';
import { ensureCodeServer } from './vscode-server/install.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';
import { makeTempDir, startServer, workbenchUrl } from './vscode-server/server.mjs';
import { installVsix, packagedVsix } from './vscode-server/vsix.mjs';

const RUN_DEADLINE_MS = 10 * 60_000;
/** The workbench page's first load, generous for a machine busy with other work. */
const PAGE_LOAD_DEADLINE_MS = 120_000;
const verbose = process.argv.includes('--verbose');
const installed = process.argv.includes('--vsix');

if (!installed) buildExtension();
const { testEntry, runnerExtension } = installed
  ? await bundleInstalledTests()
  : { testEntry: await bundleIntegrationTests(), runnerExtension: REPO_ROOT };

if (process.argv.includes('--electron')) {
  const result = spawnSync('npx', ['vscode-test'], { cwd: REPO_ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

skipOrFail('integration');
ensureCodeServer();
const workspace = makeTempDir('it-ws');
const userDataDir = makeTempDir('it-ud');
if (installed) {
  const { extensionsDir } = installVsix(packagedVsix(), userDataDir);
  // The suite checks that the extension it talks to is this installed copy (the server's environment reaches the host).
  process.env.AGENT_CHECKLIST_IT_EXTENSIONS_DIR = extensionsDir;
}
const server = await startServer({ workspace, userDataDir, echo: verbose });
const browser = await launchBrowser();
let code = 1;
let passing = 0;
let failing = 0;
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const { exited } = await exposeAutomationHooks(page, {
    verbose,
    onLine: (line) => {
      const pass = /^\s*(\d+) passing/.exec(line);
      const fail = /^\s*(\d+) failing/.exec(line);
      if (pass) passing = Number(pass[1]);
      if (fail) failing = Number(fail[1]);
      console.log(line);
    },
  });
  await page.goto(
    workbenchUrl(server.url, {
      folder: workspace,
      extensionDevelopmentPath: runnerExtension,
      extensionTestsPath: testEntry,
    }),
    { timeout: PAGE_LOAD_DEADLINE_MS },
  );
  let timer;
  const deadline = new Promise((resolve) => (timer = setTimeout(() => resolve('deadline'), RUN_DEADLINE_MS)));
  const result = await Promise.race([exited, deadline]);
  clearTimeout(timer);
  if (result === 'deadline')
    console.error(`integration: the extension-host suite did not finish within ${RUN_DEADLINE_MS / 60_000} minutes`);
  else code = Number(result);
} finally {
  await browser.close();
  await server.stop();
  rmSync(server.userDataDir, { recursive: true, force: true });
  rmSync(workspace, { recursive: true, force: true });
}
if (code !== 0 && failing === 0) failing = 1; // the suite could not load or finish
console.log(`integration: ${passing} passed, ${failing} failed`);
process.exit(code === 0 ? 0 : 1);
