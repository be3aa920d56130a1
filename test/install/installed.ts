// What the install tier's tests share: the VSIX `npm run package` builds (packed once
// per run by scripts/run-install.mjs, else here), a copy of it repacked with another
// version (an update, as a user receives one), a code-server with it installed (no
// development path) opened in Chromium, and a real MCP SDK client started from a
// configuration as an agent starts it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/vscode-server/browser.mjs';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { makeTempDir, startServer } from '../../scripts/vscode-server/server.mjs';
import { LIGHT_THEME } from '../e2e/workbench';

const INSTALL_RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'install');
export const EXTENSION_FOLDER_PREFIX = 'agent-checklist.agent-checklist-';

/** The VSIX of this tree: the runner's (INSTALL_TIER_VSIX), else packed now. */
export function packedVsix(): string {
  const given = process.env.INSTALL_TIER_VSIX;
  if (given !== undefined && fs.existsSync(given)) return given;
  const packed = spawnSync(process.execPath, ['scripts/package.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(packed.status, 0, `npm run package failed:\n${packed.stdout}${packed.stderr}`);
  const vsix = packed.stdout.trim().split('\n').at(-1) ?? '';
  assert.ok(vsix.endsWith('.vsix') && fs.existsSync(vsix), `a VSIX was written (${vsix})`);
  return vsix;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stdout}${result.stderr}`);
}

/** The VSIX repacked as `version`: its package.json and its manifest's Version say so. */
export function repackVsix(vsix: string, version: string, into: string): string {
  const unpacked = path.join(into, `unpacked-${version}`);
  fs.mkdirSync(unpacked, { recursive: true });
  run('unzip', ['-q', vsix, '-d', unpacked], into);
  const packageJson = path.join(unpacked, 'extension', 'package.json');
  const pkg = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(packageJson, JSON.stringify({ ...pkg, version }, null, 2));
  const manifest = path.join(unpacked, 'extension.vsixmanifest');
  const xml = fs.readFileSync(manifest, 'utf8');
  const updated = xml.replace(/(<Identity [^>]*Version=")[^"]+(")/, `$1${version}$2`);
  assert.notEqual(updated, xml, 'the manifest names a version');
  fs.writeFileSync(manifest, updated);
  const out = path.join(into, `agent-checklist-${version}.vsix`);
  run('zip', ['-q', '-r', '-X', out, '.'], unpacked);
  return out;
}

/** The package.json version of the tree. */
export function treeVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The next patch version. */
export function nextVersion(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number);
  return `${major ?? 0}.${minor ?? 0}.${(patch ?? 0) + 1}`;
}

export interface InstalledWorkbench {
  page: Page;
  close(): Promise<void>;
}

/**
 * A code-server on `userDataDir` (extensions in its `extensions` folder, kept across
 * restarts) opened on `workspace`: only installed extensions run. The page may read
 * the clipboard (Set Up for Another Agent… copies there).
 */
export async function openInstalled(options: {
  userDataDir: string;
  workspace: string;
  settings?: Record<string, unknown>;
}): Promise<InstalledWorkbench> {
  const server = await startServer({
    workspace: options.workspace,
    userDataDir: options.userDataDir,
    settings: { 'workbench.colorTheme': LIGHT_THEME, ...options.settings },
  });
  const browser = await launchBrowser();
  const close = async (): Promise<void> => {
    await browser.close();
    await server.stop();
  };
  try {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(`${server.url}?folder=${encodeURIComponent(options.workspace)}`, { timeout: 120_000 }); // a busy machine
    await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: 60_000 });
    await page.locator('#workbench\\.parts\\.statusbar').waitFor();
    assert.doesNotMatch(await page.title(), /Extension Development Host/, 'the installed extension runs');
    return { page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The installed versions' folders in the extensions folder. */
export function installedFolders(extensionsDir: string): string[] {
  return fs.readdirSync(extensionsDir).filter((name) => name.startsWith(EXTENSION_FOLDER_PREFIX));
}

/** A temporary folder removed by the caller. */
export const tempDir = (prefix: string): string => makeTempDir(prefix);

/** Starts the MCP server `command args` as an agent would (a real SDK client over stdio) and returns what `initialize` answered. */
export async function initializeMcp(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ name: string; version: string; tools: string[] }> {
  const client = new Client({ name: 'install-tier', version: '1.0.0' });
  const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} did not answer initialize: ${String(error)}\n${stderr}`);
  }
  try {
    const info = client.getServerVersion();
    const tools = (await client.listTools()).tools.map((t) => t.name);
    return { name: info?.name ?? '', version: info?.version ?? '', tools };
  } finally {
    await client.close();
  }
}

/** A screenshot of the page into test-results/install/; returns its path. */
export async function installScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(INSTALL_RESULTS_DIR, { recursive: true });
  const file = path.join(INSTALL_RESULTS_DIR, name);
  await page.screenshot({ path: file });
  return file;
}
