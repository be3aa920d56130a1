// Starts and stops one code-server on 127.0.0.1 (a free port per run), with its own
// user-data and extensions folders, settings written BEFORE the first page load so
// no trust dialog or walkthrough covers the workbench. stop() ends only the process
// this module started (and its extension hosts, which exit with it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCodeServer } from './install.mjs';

/** The settings that keep the workbench quiet, offline and uncovered. */
export const QUIET_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'git.enabled': false,
  'chat.disableAIFeatures': true,
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function makeTempDir(prefix) {
  return mkdtempSync(join(tmpdir(), `agent-checklist-${prefix}-`));
}

export function writeUserSettings(userDataDir, settings, { keepExisting = false } = {}) {
  const file = join(userDataDir, 'User', 'settings.json');
  if (keepExisting && existsSync(file)) return; // the user's own changes win
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2)}\n`);
}

/**
 * The window's agentChecklist.followAgents reads the agents' homes: these (empty, under
 * the user data folder), never the machine's own ~/.claude, ~/.codex, ~/.gemini or
 * opencode's database (`$XDG_DATA_HOME/opencode/opencode.db`: the data folder is the
 * `.local/share` of an opencode home under the user data folder; code-server's own data
 * folders are given by flags, only its heartbeat and logs go to `code-server` there).
 */
export function agentHomesOf(userDataDir) {
  return {
    CLAUDE_CONFIG_DIR: join(userDataDir, 'agent-homes', 'claude'),
    CODEX_HOME: join(userDataDir, 'agent-homes', 'codex'),
    GEMINI_CLI_HOME: join(userDataDir, 'agent-homes', 'gemini'),
    XDG_DATA_HOME: join(userDataDir, 'agent-homes', 'opencode', '.local', 'share'),
  };
}

const serverEnv = () => ({ ...process.env, EXTENSIONS_GALLERY: '{}' });

/** `code-server --install-extension <vsix>` into an extensions folder (the CLI exits when done). */
export function installExtension(vsixPath, { userDataDir, extensionsDir }) {
  const entry = ensureCodeServer();
  const result = spawnSync(
    process.execPath,
    [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsixPath],
    { env: serverEnv(), encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0)
    throw new Error(`--install-extension failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

async function waitForHealth(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`code-server exited (${child.exitCode}) before it was ready:\n${output.join('')}`);
    try {
      const response = await fetch(new URL('/healthz', url));
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`code-server did not answer /healthz within ${timeoutMs} ms:\n${output.join('')}`);
}

/**
 * Starts a server. Options: workspace (folder to open), userDataDir, extensionsDir,
 * settings (merged over QUIET_SETTINGS), keepSettings (leave an existing settings.json
 * alone), port (default: a free one), echo (print the server's output).
 * Returns { url, port, pid, userDataDir, output, stop() }.
 */
export async function startServer({
  workspace,
  userDataDir = makeTempDir('ud'),
  extensionsDir,
  settings = {},
  keepSettings = false,
  port: wantedPort,
  echo = false,
} = {}) {
  const entry = ensureCodeServer();
  const port = wantedPort ?? (await freePort());
  const extensions = extensionsDir ?? join(userDataDir, 'extensions');
  mkdirSync(extensions, { recursive: true });
  writeUserSettings(userDataDir, settings, { keepExisting: keepSettings });
  const config = join(userDataDir, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    entry,
    '--config',
    config,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensions,
  ];
  if (workspace) args.push(workspace);
  const child = spawn(process.execPath, args, {
    env: { ...serverEnv(), ...agentHomesOf(userDataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, output.length - 400);
    if (echo) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}/`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, output, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, pid: child.pid, userDataDir, extensionsDir: extensions, output, stop, exited };
}

/** vscode-remote URIs are what the workbench needs to find the server's extension host. */
export function remoteUri(absolutePath) {
  return `vscode-remote://remote${absolutePath}`;
}

/** The workbench URL that opens `folder` (or the `workspace` file) with the extension in development mode (and tests, when given). */
export function workbenchUrl(serverUrl, { folder, workspace, extensionDevelopmentPath, extensionTestsPath } = {}) {
  const url = new URL(serverUrl);
  if (workspace)
    url.searchParams.set('workspace', workspace); // a .code-workspace file (multi-root), instead of a folder
  else if (folder) url.searchParams.set('folder', folder);
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remoteUri(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(extensionTestsPath)]);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}
