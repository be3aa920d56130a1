// Issue 12's attention signals in the real extension host: the status bar item turns
// to the warning colours when an item in progress has had no log line for
// agentChecklist.stallMinutes (its tooltip says since when; the turn's end clears
// it), and a turn that ends while the Agent view is not visible raises ONE
// notification with the plan's summary (none when agentChecklist.notifications is off).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, setSetting, todoWrite, unescapeMarkdown, useScript, waitFor, type Todo } from './helpers';

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Port the lexer', status: 'in_progress' },
  { content: 'Write the changelog', status: 'pending' },
];

describe('attention: stall warning and notifications', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.view.extension.agentChecklist'); // the container back, for the suites after this one
    await setSetting('stallMinutes', undefined);
    await setSetting('notifications', undefined);
  });

  it('warns in the status bar after stallMinutes of log silence with an item in progress, and clears when the turn ends', async () => {
    const api = await getApi();
    await setSetting('stallMinutes', 0.05); // 3 s
    await useScript([todoWrite(PLAN), { delayMs: 60_000, text: 'never reached' }]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port the lexer');
    try {
      await waitFor(() => api.statusBarText()?.includes('1/3 · Port the lexer') ?? false, 'the plan in the status bar');
      assert.equal(api.statusBarWarns(), false, 'not stalled right after the write');
      await waitFor(() => api.statusBarWarns(), 'the stall warning', 10_000);
      assert.match(api.statusBarText() ?? '', /^\$\(warning\) 1\/3 · Port the lexer$/);
      assert.match(
        unescapeMarkdown(api.statusBarTooltip() ?? ''),
        /No log activity since [^(]+\(\d+ min\), with an item in progress\./,
      );
    } finally {
      await vscode.commands.executeCommand('agentChecklist.stop');
    }
    assert.deepEqual(await turn, { kind: 'aborted' });
    assert.equal(api.statusBarWarns(), false, 'the turn ended: nothing is meant to be working');
    assert.equal(api.statusBarText(), '$(checklist) 1/3 · Port the lexer');
  });

  it('notifies once when a turn ends while the Agent view is not visible, with the plan summary; not at all when turned off', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('workbench.view.explorer'); // the Agent view's container is hidden
    await waitFor(() => !api.webview().visible, 'the Agent view hidden');
    const before = api.attentionNoticesShown().shown;
    await useScript([todoWrite(PLAN), { text: 'Lexer ported.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port the lexer'), {
      kind: 'completed',
    });
    await waitFor(() => api.attentionNoticesShown().shown === before + 1, 'the notification');
    assert.deepEqual(api.attentionNoticesShown().last, {
      level: 'info',
      text: 'The agent finished its turn. Plan: 1/3 done · Port the lexer',
    });

    await setSetting('notifications', false);
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([todoWrite(PLAN), { text: 'Lexer ported.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port the lexer'), {
      kind: 'completed',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(
      api.attentionNoticesShown().shown,
      before + 1,
      'no notification with agentChecklist.notifications off',
    );
  });
});
