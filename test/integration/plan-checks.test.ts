// Items' checks in the real extension host (issue 52): Set Check… on two items (its
// command given, so no input box), the scripted model completes both, each check runs
// once by itself (bash's sandbox, one at a time) before the model's next request; the
// passing one's item is verified (its icon and word, the status bar's `2/2 · 1 verified`),
// the failing one flagged `check failed: exit 3`; the log has one check/result each.
// And Stop outside a turn: an item the user completes runs its check; Stop kills it,
// recorded as cancelled (exitCode null), and the tree says so. A check that came with
// the plan file (the CLI's `edit --from-file` on the log while no window wrote it) waits
// for acceptance: completing its item asks, with a modal naming the command (answered
// as the user's click): Not now leaves it waiting, Run accepts it for good and runs it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, getApi, logLines, todoWrite, unescapeMarkdown, useScript, waitFor } from './helpers';

const PASS = 'echo all good';
const FAIL = 'echo boom; exit 3';
const SLOW = 'sleep 120';

describe('Items checks', () => {
  beforeEach(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('Set Check…, the model completes the items: verified icon and word, a failed check flagged', async () => {
    const api = await getApi();
    await useScript([
      todoWrite([
        { content: 'Build it', status: 'pending' },
        { content: 'Test it', status: 'pending' },
      ]),
      { text: 'Planned.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan'), { kind: 'completed' });
    await vscode.commands.executeCommand('agentChecklist.plan.setCheck', 'Build it', PASS);
    await vscode.commands.executeCommand('agentChecklist.plan.setCheck', 'Test it', FAIL);
    await useScript([
      todoWrite([
        { content: 'Build it', status: 'completed' },
        { content: 'Test it', status: 'completed' },
      ]),
      { text: 'Done.' },
    ]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Do it'), { kind: 'completed' });

    const logPath = api.session()?.logPath;
    assert.ok(logPath);
    const results = logLines(logPath).filter((l) => l.type === 'check/result');
    assert.deepEqual(
      results.map((l) => [(l.data as { item: string }).item, (l.data as { exitCode: number | null }).exitCode]),
      [
        ['Build it', 0],
        ['Test it', 3],
      ],
    );
    const rows = api.planTreeRows();
    assert.deepEqual(
      rows.map((r) => [r.label, r.icon, r.description]),
      [
        ['Build it', 'verified', 'completed · verified · status changed'],
        ['Test it', 'warning', 'completed · check failed: exit 3 · status changed'],
      ],
    );
    assert.match(unescapeMarkdown(rows[1]?.tooltip ?? ''), /Check: echo boom; exit 3 \(failed\)/);
    const status = unescapeMarkdown(api.statusBarTooltip() ?? '');
    assert.ok(status.includes('2/2 · 1 verified'), status);
  });

  it('Stop cancels a running check outside a turn: recorded with exitCode null, the item not verified', async () => {
    const api = await getApi();
    await useScript([todoWrite([{ content: 'Wait for it', status: 'pending' }]), { text: 'Planned.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan'), { kind: 'completed' });
    await vscode.commands.executeCommand('agentChecklist.plan.setCheck', 'Wait for it', SLOW);
    const row = () => api.planTreeRows().find((r) => r.label === 'Wait for it');
    await vscode.commands.executeCommand('agentChecklist.plan.markCompleted', api.planTreeNode(row()?.id ?? ''));
    const logPath = api.session()?.logPath ?? '';
    await waitFor(() => /\(running\)/.test(unescapeMarkdown(row()?.tooltip ?? '')), 'the check to run').catch(
      (error: unknown) => {
        throw new Error(`${String(error)}: ${JSON.stringify(row())}; ${logLines(logPath).map((l) => l.type)}`);
      },
    );
    await vscode.commands.executeCommand('agentChecklist.stop');
    const results = () => logLines(logPath).filter((l) => l.type === 'check/result');
    await waitFor(() => results().length === 1, 'the cancelled check recorded');
    const data = results()[0]!.data as { exitCode: number | null; durationMs: number };
    assert.equal(data.exitCode, null);
    assert.ok(data.durationMs < 60_000, `killed, not run to its end (${data.durationMs} ms)`);
    await waitFor(() => /check failed \(timed out or cancelled\)/.test(row()?.description ?? ''), 'the tree to say so');
  });

  it('a check from the plan file is asked for when its item is completed: Not now waits, Run accepts and runs', async () => {
    const api = await getApi();
    await useScript([todoWrite([{ content: 'Guard the token', status: 'pending' }]), { text: 'Planned.' }]);
    assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan'), { kind: 'completed' });
    const { id, logPath } = api.session()!;
    await vscode.commands.executeCommand('agentChecklist.newSession'); // this window no longer writes it
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-file-')), 'PLAN.md');
    fs.writeFileSync(file, '- [ ] Guard the token\n  - check: `echo accepted`\n');
    const cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    const edit = spawnSync(process.execPath, [cli, 'edit', logPath!, '--from-file', file], { encoding: 'utf8' });
    assert.equal(edit.status, 0, edit.stderr);
    await api.webviewMessage({ type: 'openSession', id });
    await waitFor(() => api.session()?.id === id && api.session()?.readOnly === false, 'the session open again');
    const row = () => api.planTreeRows().find((r) => r.label === 'Guard the token');
    const tooltip = () => unescapeMarkdown(row()?.tooltip ?? '');
    await waitFor(() => tooltip().includes('waiting for your acceptance'), 'the check waiting for acceptance');
    const mark = (status: string) =>
      vscode.commands.executeCommand(`agentChecklist.plan.mark${status}`, api.planTreeNode(row()?.id ?? ''));

    api.answerNextModal('Not now');
    await mark('Completed');
    await waitFor(() => api.modalsAnswered().length === 1, 'the modal asking');
    const asked = api.modalsAnswered()[0]!;
    assert.equal(asked.message, 'Run the check that came with the plan file?');
    assert.match(asked.detail ?? '', /echo accepted/);
    assert.deepEqual(asked.buttons, ['Run', 'Not now']);
    const types = () => logLines(logPath!).map((l) => l.type);
    assert.ok(!types().includes('plan/check-accepted') && !types().includes('check/result'), 'not now: nothing run');

    await mark('Pending');
    api.answerNextModal('Run');
    await mark('Completed');
    await waitFor(() => types().includes('check/result'), 'the accepted check run');
    assert.equal(types().filter((t) => t === 'plan/check-accepted').length, 1);
    const result = logLines(logPath!).find((l) => l.type === 'check/result')!.data as { exitCode: number };
    assert.equal(result.exitCode, 0);
    await waitFor(() => /verified/.test(row()?.description ?? ''), 'the item verified');
  });
});
