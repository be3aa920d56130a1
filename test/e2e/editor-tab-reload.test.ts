// In the real workbench (code-server + Chromium): the editor tab that "Agent
// Checklist: Open in Editor" opened comes back after a window reload (the extension
// registers a WebviewPanelSerializer for it), still one tab, showing the same
// session and plan, and it works: a prompt sent from the restored tab runs a turn
// whose answer it shows. The reload is the workbench's (Developer: Reload Window).
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import { recordConsole, webviewReport } from './webview-diagnostics';
import {
  agentPageFrame,
  openScriptedWorkbench,
  reloadWindow,
  runWorkbenchCommand,
  screenshot,
  until,
  type ScriptedWorkbench,
} from './workbench';

const FIRST_TURN = {
  responses: [
    {
      text: 'Planning.',
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: [
              { content: 'Read the parser', status: 'completed' },
              { content: 'Fix the bug', status: 'in_progress' },
            ],
          },
        },
      ],
    },
    { text: 'Planned before the reload.' },
  ],
};
const AFTER_RELOAD = { responses: [{ text: 'Answered in the restored tab.' }] };

/** The Agent pages' tabs in the editor area. */
const agentTabs = (scripted: ScriptedWorkbench) =>
  scripted.workbench.page.locator('.tabs-container .tab', { hasText: 'Agent' });

describe('the Open in Editor tab across a window reload', () => {
  const scripted = openForSuite(() => openScriptedWorkbench(FIRST_TURN));

  it('restores the one editor tab after a reload, with the same session and plan, and a prompt sent from it runs', async () => {
    const { page, server } = scripted().workbench;
    const consoleLines = recordConsole(page);
    await sendPrompt(await openAgentView(page), 'Fix the parser bug', 'Planned before the reload.');
    await runWorkbenchCommand(page, 'Agent Checklist: Open in Editor');
    await agentTabs(scripted()).first().waitFor({ timeout: 30_000 }); // the tab, before its page
    const before = await agentPageFrame(page, 'editor');
    await before.locator('.assistant-text', { hasText: 'Planned before the reload.' }).waitFor({ timeout: 30_000 });
    const title = await before.getByRole('heading', { level: 1 }).innerText();
    const planHeader = await before.getByRole('button', { name: /^Plan \d/ }).innerText();
    assert.equal(await agentTabs(scripted()).count(), 1);

    fs.writeFileSync(scripted().scriptPath, JSON.stringify(AFTER_RELOAD)); // a reload starts a new host, whose model plays the file from the top
    // The workbench's own reload: it writes which editors are open before reloading.
    // A browser reload (page.reload) right after opening the tab may find that not
    // yet written: measured 2026-12-01, 3 of 5 such runs restored no tab (1 of 2 in a
    // code-server with its kerberos module, 2 of 3 without), and the failing run that
    // read the workbench's storage first found no editor state in it. See reloadWindow.
    await reloadWindow(page);
    // No command: the workbench restores the tab and the extension attaches the page to it.
    await agentTabs(scripted()).first().waitFor({ timeout: 60_000 });
    const restored = await agentPageFrame(page, 'editor').catch(async (error: unknown) => {
      await screenshot(page, 'editor-tab-restored-missing.png');
      // Seen once on a CI machine, never here in 30 reloads: say which part did not come up.
      throw new Error(`${String(error)}\n${await webviewReport(page, consoleLines, server.userDataDir)}`);
    });
    await restored.locator('.assistant-text', { hasText: 'Planned before the reload.' }).waitFor({ timeout: 60_000 });
    assert.equal(await restored.getByRole('heading', { level: 1 }).innerText(), title, 'the same session');
    assert.equal(
      await until(
        () => restored.getByRole('button', { name: /^Plan \d/ }).innerText(),
        (h) => h === planHeader,
        'the same plan',
      ),
      planHeader,
    );
    assert.equal(await agentTabs(scripted()).count(), 1, 'one tab, restored once');
    await screenshot(page, 'editor-tab-restored.png');

    await sendPrompt(restored, 'Go on', 'Answered in the restored tab.');
    await runWorkbenchCommand(page, 'Agent Checklist: Open in Editor');
    assert.equal(
      await agentTabs(scripted()).count(),
      1,
      'Open in Editor reveals the restored tab rather than opening another',
    );
  });
});
