// `npm start`: build, prepare code-server once (cached in .vscode-test/), and serve
// VS Code on 127.0.0.1 with the extension loaded from this working tree and a demo
// workspace open. Prints the URL to open. Ctrl+C stops everything it started.
// Sessions and settings persist in .vscode-test/start/ between runs.
// Options: PORT=<n> to choose the port (default: a free one).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_SERVER_BUILD, ensureOrExit } from './prerequisites.mjs';
import { buildExtension } from './vscode-server/harness.mjs';
import { ensureCodeServer, isCodeServerInstalled } from './vscode-server/install.mjs';
import { CODE_SERVER_VERSION, REPO_ROOT } from './vscode-server/paths.mjs';
import { startServer, workbenchUrl } from './vscode-server/server.mjs';

const home = join(REPO_ROOT, '.vscode-test', 'start');
const workspace = join(home, 'demo-workspace');
const userDataDir = join(home, 'user-data');

// Before the build, so a missing system program stops us at once with the command to run.
ensureOrExit(['git', ...(isCodeServerInstalled() ? [] : CODE_SERVER_BUILD)], { who: 'npm start' });
console.log('Building the extension…');
buildExtension();
ensureCodeServer();
mkdirSync(workspace, { recursive: true });
if (!existsSync(join(workspace, 'README.md')))
  copyFileSync(join(REPO_ROOT, 'extension', 'demo', 'workspace-readme.md'), join(workspace, 'README.md'));

const port = process.env.PORT ? Number(process.env.PORT) : undefined;
const server = await startServer({ workspace, userDataDir, keepSettings: true, ...(port ? { port } : {}) });
const url = workbenchUrl(server.url, { folder: workspace, extensionDevelopmentPath: REPO_ROOT });
console.log(`
Agent Checklist is running in VS Code (code-server ${CODE_SERVER_VERSION}, 127.0.0.1 only):

  ${url}

Open the checklist icon in the activity bar and send a prompt (the demo model needs
no key). Rebuild with \`npm run build\` and reload the page to pick up changes.
Press Ctrl+C to stop.`);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping code-server…`);
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
server.exited.then((code) => {
  if (!stopping) {
    console.error(`code-server exited unexpectedly (${code}):\n${server.output.slice(-20).join('')}`);
    process.exit(1);
  }
});
