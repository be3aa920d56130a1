// The packaged extension: `npm run package` builds a VSIX, `code-server
// --install-extension` installs it into a clean server, and the workbench (with no
// development path) activates it: the Agent view shows the demo label, and the
// bundled demo session plays to its end, its plan in the status bar and the strip.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { installExtension, makeTempDir } from '../../scripts/vscode-server/server.mjs';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  openContainer,
  openWorkbench,
  readStatusBar,
  readStrip,
  runCommand,
  screenshot,
  until,
  type Workbench,
} from './workbench';

describe('the packaged VSIX in a clean code-server', () => {
  let workbench: Workbench | undefined;
  let vsix: string;
  let userDataDir: string;

  before(() => {
    const packed = spawnSync(process.execPath, ['scripts/package.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(packed.status, 0, `npm run package failed:\n${packed.stdout}${packed.stderr}`);
    vsix = packed.stdout.trim().split('\n').at(-1) ?? '';
    assert.ok(vsix.endsWith('.vsix') && fs.existsSync(vsix), `a VSIX was written (${vsix})`);
    userDataDir = makeTempDir('vsix-ud');
  });

  after(async () => {
    await workbench?.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  it('installs with --install-extension', () => {
    const extensionsDir = path.join(userDataDir, 'extensions');
    installExtension(vsix, { userDataDir, extensionsDir });
    const installed = fs
      .readdirSync(extensionsDir)
      .filter((name) => name.startsWith('agent-checklist.agent-checklist-'));
    assert.equal(installed.length, 1, `installed once: ${fs.readdirSync(extensionsDir).join(', ')}`);
    const root = path.join(extensionsDir, installed[0] ?? '');
    for (const file of [
      'package.json',
      'dist/extension.js',
      'dist/cli.js',
      'dist/mcp.js',
      'dist/markdown-worker.js',
      'dist/webview/main.js',
      'dist/demo/demo-script.json',
    ]) {
      assert.ok(fs.existsSync(path.join(root, file)), `${file} is in the VSIX`);
    }
    assert.ok(!fs.existsSync(path.join(root, 'extension', 'src')), 'sources are not shipped');
  });

  it('activates in the workbench and plays the demo session to the end', async () => {
    const wb = await openWorkbench({ userDataDir, extensionsDir: path.join(userDataDir, 'extensions') });
    workbench = wb;
    const { page } = wb;
    assert.doesNotMatch(
      await page.title(),
      /Extension Development Host/,
      'the installed extension, not a development one',
    );
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.banner-demo').waitFor({ timeout: 60_000 });
    assert.match(await frame.locator('.banner-demo').innerText(), /Demo model/);

    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Show me how the plan works');
    const status = await until(
      () => readStatusBar(page),
      (t) => t === '4/4',
      'the demo plan to finish in the status bar',
      90_000,
    );
    assert.equal(status, '4/4');
    await until(
      () => readStrip(frame),
      (s) => s.header === 'Plan 4 completed',
      'the strip to show the finished plan',
    );
    await expandStrip(frame); // collapsed to its header by default
    const strip = await readStrip(frame);
    assert.equal(strip.items.length, 4);
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Nothing in your workspace was changed' })
      .waitFor({ timeout: 60_000 });
    await frame.locator('.composer button[type=submit]').waitFor(); // the turn has ended: Send is back
    // The answers' Markdown, parsed by the installed dist/markdown-worker.js (a worker thread started at the first answer).
    await frame
      .locator('.item-assistant .assistant-text strong', { hasText: 'demo model' })
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot(page, 'vsix-demo.png');
  });
});
