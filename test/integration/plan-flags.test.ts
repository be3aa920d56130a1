// A completion that needs a second look, in the real extension host: the scripted
// model marks one item completed after a list_files call while it was in progress,
// and another with no call at all. The Plan tree gives the second a warning icon and
// its words, each item's tooltip its evidence; the status bar's tooltip counts the
// flag; the model is told once (one plan/verify-completion on the log).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getApi, logLines, todoWrite, toolCall, unescapeMarkdown, useScript } from './helpers';

describe('Plan flags and evidence', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('flags an item completed with no work recorded: warning icon and words in the tree, evidence in the tooltips, a count in the status bar', async () => {
    const api = await getApi();
    await useScript([
      todoWrite([
        { content: 'Survey the files', status: 'in_progress' },
        { content: 'Write the summary', status: 'pending' },
      ]),
      toolCall('list_files', {}),
      todoWrite([
        { content: 'Survey the files', status: 'completed' },
        { content: 'Write the summary', status: 'in_progress' },
      ]),
      todoWrite([
        { content: 'Survey the files', status: 'completed' },
        { content: 'Write the summary', status: 'completed' },
      ]),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Survey and summarize'), {
      kind: 'completed',
    });
    const rows = api.planTreeRows();
    assert.deepEqual(
      rows.map((r) => [r.label, r.icon, r.description]),
      [
        ['Survey the files', 'pass', 'completed'],
        ['Write the summary', 'warning', 'completed · no work recorded'],
      ],
    );
    const surveyed = unescapeMarkdown(rows[0]?.tooltip ?? '');
    assert.match(
      surveyed,
      /\n\nTool calls while in progress: 1 reads, 0 writes, 0 commands, 0 other\n\nLatest calls: list_files$/,
    );
    const flagged = unescapeMarkdown(rows[1]?.tooltip ?? '');
    assert.match(flagged, /\n\nNeeds a second look: no work recorded\n\nNo tool call while in progress$/);

    const status = unescapeMarkdown(api.statusBarTooltip() ?? '');
    assert.ok(status.includes('$(warning) 1 completed item needs a second look'), status);
    assert.ok(status.includes('$(warning) Write the summary _(completed)_ · no work recorded'), status);
    assert.ok(status.includes('$(pass) Survey the files _(completed)_'), status);

    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    assert.equal(
      logLines(logPath).filter((l) => l.type === 'plan/verify-completion').length,
      1,
      'the model is told once',
    );
  });
});
