// An MCP set-up that survives an update (issue 39), as a user meets it: version N
// installed from its VSIX into code-server; Set Up for Another Agent… copies the Claude
// Code command and the Codex table; the agents' own CLIs write them (`claude mcp add`
// into ~/.claude.json, Codex's config.toml read back by `codex mcp get`); N+1 (the VSIX
// repacked) is installed and the server restarted, which removes N's folder; then the
// MCP server each configuration names answers `initialize` (a real MCP SDK client) as
// version N+1, with the usual PATH and with no `node` on PATH: before the updated
// extension activates and after.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { installExtension } from '../../scripts/vscode-server/server.mjs';
import { agentFrame, openContainer, runCommand, screenshot, until } from '../e2e/workbench';
import {
  EXTENSION_FOLDER_PREFIX,
  initializeMcp,
  installedFolders,
  nextVersion,
  openInstalled,
  packedVsix,
  repackVsix,
  tempDir,
  treeVersion,
  type InstalledWorkbench,
} from './installed';

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
const serverSchema = z.object({ command: z.string(), args: z.array(z.string()) });
const claudeJsonSchema = z.object({
  projects: z.record(z.string(), z.object({ mcpServers: z.record(z.string(), serverSchema) })),
});
const codexGetSchema = z.object({ transport: serverSchema });
type Server = z.infer<typeof serverSchema>;

/** Runs Set Up for Another Agent…, picks `agent`, and returns what it copied. */
async function copySetUp(page: Page, agent: string): Promise<string> {
  await page.keyboard.press('Escape'); // a toast or a palette left open takes no command
  await runCommand(page, 'Agent Checklist: Set Up for Another Agent…').catch(async (error: unknown) => {
    await screenshot(page, `install-set-up-${agent.replace(/\W+/g, '-')}-failed.png`);
    throw error;
  });
  await page
    .locator(`.quick-input-list .monaco-list-row[aria-label^=${JSON.stringify(agent)}]`)
    .first()
    .click();
  await page
    .locator('.notifications-toasts .notification-list-item-message', { hasText: `the ${agent}` })
    .first()
    .waitFor({ timeout: 30_000 });
  const copied: unknown = await page.evaluate('navigator.clipboard.readText()');
  assert.equal(typeof copied, 'string');
  return String(copied);
}

describe('an MCP set-up written under version N still starts after the update to N+1', () => {
  const work = tempDir('install-mcp');
  const userDataDir = path.join(work, 'ud');
  const extensionsDir = path.join(userDataDir, 'extensions');
  const workspace = path.join(work, 'project');
  const homes = { HOME: path.join(work, 'home'), CLAUDE_CONFIG_DIR: path.join(work, 'home', '.claude') };
  const codexHome = path.join(work, 'home', '.codex');
  const noNode = path.join(work, 'no-node-bin');
  const version = treeVersion();
  const updated = nextVersion(version);
  let workbench: InstalledWorkbench | undefined;

  /** The environment the agents' own CLIs run in: their homes here, this repository's CLIs first on PATH. */
  const agentEnv = (): NodeJS.ProcessEnv => ({
    ...process.env,
    ...homes,
    CODEX_HOME: codexHome,
    PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  });

  function claudeServer(): Server {
    const file = path.join(homes.CLAUDE_CONFIG_DIR, '.claude.json');
    const config = claudeJsonSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const server = config.projects[workspace]?.mcpServers['agent-checklist'];
    assert.ok(server, `claude mcp add wrote the server for ${workspace} into ${file}`);
    return server;
  }

  function codexServer(): Server {
    const got = spawnSync(path.join(BIN, 'codex'), ['mcp', 'get', 'agent-checklist', '--json'], {
      env: agentEnv(),
      encoding: 'utf8',
    });
    assert.equal(got.status, 0, `codex mcp get: ${got.stderr}`);
    return codexGetSchema.parse(JSON.parse(got.stdout)).transport;
  }

  /** Both configured servers answer initialize as `expected`, with the usual PATH and with none holding node. */
  async function bothAnswer(expected: string): Promise<void> {
    for (const [agent, server] of [
      ['Claude Code', claudeServer()],
      ['Codex', codexServer()],
    ] as const) {
      for (const PATH of [process.env.PATH ?? '', noNode]) {
        const answered = await initializeMcp(server.command, server.args, { ...homes, PATH });
        assert.equal(answered.name, 'agent-checklist', `${agent}'s server (PATH ${PATH})`);
        assert.equal(answered.version, expected, `${agent}'s server runs version ${expected} (PATH ${PATH})`);
        assert.ok(answered.tools.includes('todo_write'), `${agent}'s server offers todo_write`);
      }
    }
  }

  before(() => {
    for (const dir of [workspace, homes.CLAUDE_CONFIG_DIR, codexHome, noNode]) fs.mkdirSync(dir, { recursive: true });
    assert.notEqual(
      spawnSync('/bin/sh', ['-c', 'command -v node'], { env: { PATH: noNode } }).status,
      0,
      'no node on the bare PATH',
    );
  });

  after(async () => {
    await workbench?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(`installs ${version} from its VSIX and writes the Claude Code and Codex set-ups it copies`, async () => {
    installExtension(packedVsix(), { userDataDir, extensionsDir });
    workbench = await openInstalled({ userDataDir, workspace });
    await openContainer(workbench.page);
    await agentFrame(workbench.page).locator('.composer').waitFor({ timeout: 60_000 }); // the view has loaded: it no longer takes the focus
    const claude = await copySetUp(workbench.page, 'Claude Code');
    assert.match(claude, /^claude mcp add --scope local agent-checklist -- /);
    const added = spawnSync('sh', ['-c', claude], { cwd: workspace, env: agentEnv(), encoding: 'utf8' });
    assert.equal(added.status, 0, `the copied command ran: ${added.stdout}${added.stderr}`);
    assert.ok(!fs.existsSync(path.join(workspace, '.mcp.json')), 'nothing written into the shared .mcp.json');
    const codex = await copySetUp(workbench.page, 'Codex');
    fs.writeFileSync(path.join(codexHome, 'config.toml'), codex);
    await workbench.close();
    workbench = undefined;
    await bothAnswer(version);
  });

  it(`after the update to ${updated} and a restart, both configured servers answer initialize as ${updated}`, async () => {
    await workbench?.close(); // the server is stopped while the update installs, as a user's editor is
    installExtension(repackVsix(packedVsix(), updated, work), { userDataDir, extensionsDir });
    workbench = await openInstalled({ userDataDir, workspace });
    // VS Code removes the old version's folder after the update in its own time (code-server did so in some
    // runs and not in others): when it has not yet, remove it as it would, so N's path is gone either way.
    await until(
      async () => installedFolders(extensionsDir),
      (folders) => folders.length === 1,
      `${EXTENSION_FOLDER_PREFIX}${version} to be removed after the restart`,
      30_000,
    ).catch(() => fs.rmSync(path.join(extensionsDir, `${EXTENSION_FOLDER_PREFIX}${version}`), { recursive: true }));
    assert.deepEqual(installedFolders(extensionsDir), [`${EXTENSION_FOLDER_PREFIX}${updated}`]);
    await bothAnswer(updated); // the launcher still names N's folder: it starts the one installed
    await openContainer(workbench.page); // activation rewrites the launcher for N+1
    const launcher = claudeServer().command;
    await until(
      async () => fs.readFileSync(launcher, 'utf8'),
      (text) => text.includes(`${EXTENSION_FOLDER_PREFIX}${updated}`),
      'the launcher to name the updated version',
    );
    await bothAnswer(updated);
  });
});
