// The first run as a user meets it (issue 39): the VSIX installed into a clean
// code-server (no development path), a small project open, the walkthrough "Get Started
// with Agent Checklist" opened from the palette; its first-prompt step's button sends a
// prompt to the demo model, whose finished plan shows no flagged item in the Plan tree,
// the strip or the status bar. Screenshots of the walkthrough and the finished demo go
// to test-results/install/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { installExtension } from '../../scripts/vscode-server/server.mjs';
import {
  agentFrame,
  answerInputBox,
  expandStrip,
  openContainer,
  readStatusBar,
  readStrip,
  readTree,
  runWorkbenchCommand,
  until,
} from '../e2e/workbench';
import { installScreenshot, openInstalled, packedVsix, tempDir, type InstalledWorkbench } from './installed';

const WALKTHROUGH = 'Get Started with Agent Checklist';

/** Opens a walkthrough by its title through the palette's Welcome: Open Walkthrough…. */
async function openWalkthrough(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.keyboard.press('F1');
  await input.fill('>Open Walkthrough');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Walkthrough' }).first().click();
  await input.fill(title);
  // The only row, focused: Enter picks it (a hover over the list may cover a click).
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: title }).first().waitFor({ timeout: 30_000 });
}

describe('the first run: the walkthrough sends a prompt to the demo model, whose finished plan has no flag', () => {
  const work = tempDir('install-first-run');
  const userDataDir = path.join(work, 'ud');
  const workspace = path.join(work, 'shop');
  let workbench: InstalledWorkbench | undefined;

  before(() => {
    fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'README.md'), '# Shop\n\nA small shop: a cart and its prices.\n');
    fs.writeFileSync(path.join(workspace, 'package.json'), '{ "name": "shop", "version": "1.0.0" }\n');
    fs.writeFileSync(path.join(workspace, 'src', 'cart.ts'), '// TODO: discounts\nexport const cart: string[] = [];\n');
  });

  after(async () => {
    await workbench?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('plays the demo from the walkthrough’s first-prompt step to a plan with no flagged item', async (t) => {
    t.after(async () => {
      if (workbench) await installScreenshot(workbench.page, 'first-run-last.png').catch(() => undefined);
    });
    installExtension(packedVsix(), { userDataDir, extensionsDir: path.join(userDataDir, 'extensions') });
    workbench = await openInstalled({ userDataDir, workspace });
    const { page } = workbench;
    await openWalkthrough(page, WALKTHROUGH);
    // Each step is the walkthrough's own element (its role differs across VS Code versions): found by its title.
    const step = (title: string) => page.locator('.getting-started-step', { hasText: title }).first();
    for (const title of ['Choose who works', 'Send a first prompt', 'Read the plan', 'Show the plans of the agents'])
      await step(title).waitFor();
    await step('Send a first prompt').click();
    const send = page.getByRole('button', { name: 'Send a First Prompt', exact: true });
    await send.waitFor();
    await installScreenshot(page, 'walkthrough.png');
    await send.click();
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Show me how the plan works');

    await until(
      () => readStatusBar(page),
      (t) => t === '4/4',
      'the demo plan to finish in the status bar',
      120_000,
    );
    await openContainer(page);
    const rows = await until(
      () => readTree(page),
      (r) => r.length === 4 && r.every((row) => row.icon === 'pass'),
      'the Plan tree to show four completed items',
    ).catch(async () => readTree(page));
    assert.equal(rows.length, 4, JSON.stringify(rows));
    assert.deepEqual(
      rows.filter((row) => /no work recorded|failed/.test(row.description) || row.icon === 'warning'),
      [],
      'no flagged item in the Plan tree',
    );
    await runWorkbenchCommand(page, 'View: Close All Editors'); // the walkthrough's Markdown is a webview too
    const frame = agentFrame(page);
    await frame
      .locator('.item-assistant:not(.streaming) .assistant-text', { hasText: 'Nothing in your workspace was changed' })
      .waitFor({ timeout: 60_000 });
    await expandStrip(frame);
    const strip = await readStrip(frame);
    assert.equal(strip.header, 'Plan 4 completed');
    assert.equal(await frame.locator('.plan-flag').count(), 0, 'no flag in the strip');
    await installScreenshot(page, 'demo-finished.png');
  });
});
