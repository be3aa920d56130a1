// Integration tier: the mocha suite in test/integration runs inside the REAL VS Code
// extension host, with the extension loaded in development mode.
//   here (offline):  code-server + Debian Chromium, via the workbench `payload` URL
//   --electron:      @vscode/test-cli / @vscode/test-electron (.vscode-test.mjs), for
//                    machines that can download VS Code
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { launchBrowser } from './vscode-server/browser.mjs';
import { buildExtension, bundleIntegrationTests, exposeAutomationHooks, skipOrFail } from './vscode-server/harness.mjs';
import { ensureCodeServer } from './vscode-server/install.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';
import { makeTempDir, startServer, workbenchUrl } from './vscode-server/server.mjs';

const RUN_DEADLINE_MS = 10 * 60_000;
const verbose = process.argv.includes('--verbose');

buildExtension();
const testEntry = await bundleIntegrationTests();

if (process.argv.includes('--electron')) {
  const result = spawnSync('npx', ['vscode-test'], { cwd: REPO_ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

skipOrFail('integration');
ensureCodeServer();
const workspace = makeTempDir('it-ws');
const server = await startServer({ workspace, echo: verbose });
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
    workbenchUrl(server.url, { folder: workspace, extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: testEntry }),
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
