// Items' checks on a followed agent's session in the real extension host (issue 52): a
// Claude Code transcript the test writes as the agent writes it, followed by the window.
// Set Check… on its items goes to the log's checks side log (the log is the follower's,
// the transcript the agent's); when the agent's next plan write completes an item, its
// check runs once by itself (bash's sandbox, in the workspace), recorded in the side log:
// the item is verified in the tree, the failing one flagged; a later write keeping an
// item completed does not run its check again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { claudeCode } from '../../extension/src/core/import/agents/claude-code';
import { EXTENSION_ID, getApi, unescapeMarkdown, waitFor } from './helpers';

const SESSION = '3e9b7c12-6a4d-4f0e-8b2c-5d1e0a9f7c36';
const PASS = 'echo proven > followed-check.txt';
const FAIL = 'echo boom; exit 3';

function fixture(root: string): string[] {
  const file = path.join(
    vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
    'test',
    'fixtures',
    'agent-files',
    'claude-todowrite-resumed.jsonl',
  );
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) =>
      line
        .replaceAll('5c8801a2-bbe5-4365-a22d-0cf171e209d8', SESSION)
        .replaceAll('/tmp/record-agent-files-yvHKao/work', root),
    );
}
const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');
const planAt = (lines: readonly string[], from: number, pattern: RegExp): number =>
  lines.findIndex((l, i) => i >= from && pattern.test(l));

describe("checks on a followed agent's session", () => {
  it('the agent completing an item runs its check once, from the side log: verified in the tree', async () => {
    const api = await getApi();
    const shownBefore = api.session()?.id; // an earlier suite's followed session may be shown, with the same items
    const home = process.env.CLAUDE_CONFIG_DIR;
    assert.ok(home && claudeCode.reading.kind === 'jsonl', 'CLAUDE_CONFIG_DIR is set for the window');
    const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const project = claudeCode.reading.load().files.dirOf(home, root)!;
    fs.mkdirSync(project, { recursive: true });
    const transcript = path.join(project, `${SESSION}.jsonl`);
    const claude = fixture(root);
    // The agent's writes: 'Read the code' completed in its first turn; its resumed turn completes 'Fix the bug'.
    const readDone = planAt(claude, 0, /"content":"Read the code","status":"completed"/);
    const resumedAt = planAt(claude, readDone + 1, /"content":"finish it"/);
    assert.ok(readDone > 0 && resumedAt > readDone);
    fs.rmSync(path.join(root, 'followed-check.txt'), { force: true });
    fs.writeFileSync(transcript, text(claude.slice(0, readDone)));
    const row = (label: string) => api.planTreeRows().find((r) => unescapeMarkdown(r.label) === label);
    await waitFor(
      () => api.session()?.id !== shownBefore && row('Fix the bug') !== undefined && api.session()?.readOnly === true,
      'the followed plan',
    );
    const logPath = api.session()?.logPath ?? '';

    for (const [item, command] of [
      ['Read the code', PASS],
      ['Fix the bug', FAIL],
    ] as const) {
      await vscode.commands.executeCommand('agentChecklist.plan.setCheck', item, command);
    }
    await waitFor(
      () => /Check: echo boom; exit 3 \(not run\)/.test(unescapeMarkdown(row('Fix the bug')?.tooltip ?? '')),
      'the check set on the followed item',
    );
    const sideTypes = () =>
      fs
        .readFileSync(`${logPath}.checks.jsonl`, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; data: { item: string; exitCode?: number | null } });
    assert.deepEqual(
      sideTypes().map((e) => e.type),
      ['plan/check-set', 'plan/check-set'],
    );

    // The agent completes 'Read the code' (its turn ends there): its check runs by itself.
    fs.appendFileSync(transcript, text(claude.slice(readDone, resumedAt)));
    await waitFor(() => row('Read the code')?.icon === 'verified', 'the completed item verified');
    assert.match(row('Read the code')?.description ?? '', /verified/);
    assert.equal(fs.readFileSync(path.join(root, 'followed-check.txt'), 'utf8').trim(), 'proven', 'in the workspace');

    // The resumed run completes 'Fix the bug' and keeps 'Read the code' completed: only the new completion runs.
    fs.appendFileSync(transcript, text(claude.slice(resumedAt)));
    await waitFor(
      () => /check failed: exit 3/.test(row('Fix the bug')?.description ?? ''),
      'the failed check flagged on the followed item',
    );
    const results = sideTypes()
      .filter((e) => e.type === 'check/result')
      .map((e) => [e.data.item, e.data.exitCode]);
    assert.deepEqual(results, [
      ['Read the code', 0],
      ['Fix the bug', 3],
    ]);
    assert.equal(row('Read the code')?.icon, 'verified');
    const status = unescapeMarkdown(api.statusBarTooltip() ?? '');
    assert.ok(status.includes('2/2 · 1 verified'), status);
    // Export Plan reads the side log too: the checks' section with each item's state.
    const uri = await vscode.commands.executeCommand<string | undefined>('agentChecklist.exportPlan');
    const exported = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.getText() ?? '';
    assert.match(exported, /## Checks\n\n1 verified\n/);
    assert.match(exported, /\| Read the code \| `[^`]+` \| verified \|/);
    assert.match(exported, /\| Fix the bug \| `[^`]+` \| check failed: exit 3 \|/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.doesNotMatch(fs.readFileSync(logPath, 'utf8'), /check\/|plan\/check/, 'the log is the follower\u2019s');
    assert.equal(fs.readFileSync(transcript, 'utf8'), text(claude), 'the transcript is the agent\u2019s');
  });
});
