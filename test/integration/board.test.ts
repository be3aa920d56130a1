// The Plan Board in the real extension host (agentChecklist.openBoard): one tab whose
// posted view lists this window's session, a followed agent's session (a Claude Code
// transcript for the open folder, in the window's CLAUDE_CONFIG_DIR) and a branch's
// plan file (a real git repository in the open folder, its branch made with git's
// plumbing so the work tree is untouched); a plan-first proposal shows under Needs you
// with Approve Plan, which the board's own message approves, and the session's next
// todo_write shows on its card (its items completed with no work behind them: flagged). Observed through what the host posts to the page.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BoardCardView } from '../../extension/src/core/protocol/board-view';
import { claudeCode } from '../../extension/src/core/import/agents/claude-code';
import { EXTENSION_ID, getApi, setSetting, todoWrite, useScript, waitFor, type Todo } from './helpers';

const workspaceRoot = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const SESSION_ID = '0b0a4d2e-9c1f-4d5e-8a47-3f2b8e6c1d90';

function git(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgSign=false', ...args], {
    cwd,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.invalid',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.invalid',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  }).trim();
}

/** A repository in `root` whose branch `board-feature` holds PLAN.md, the work tree left as it is. */
function repoWithBranchPlan(root: string): void {
  git(root, ['init', '-q']);
  git(root, ['commit', '-q', '--allow-empty', '-m', 'start']);
  const blob = git(root, ['hash-object', '-w', '--stdin'], '- [x] Sketch the board\n- [ ] Ship it\n');
  const tree = git(root, ['mktree'], `100644 blob ${blob}\tPLAN.md\n`);
  const commit = git(root, ['commit-tree', tree, '-p', 'HEAD', '-m', 'the plan']);
  git(root, ['update-ref', 'refs/heads/board-feature', commit]);
}

function claudeTranscript(): string {
  const file = path.join(
    vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath,
    'test',
    'fixtures',
    'agent-files',
    'claude-todowrite-resumed.jsonl',
  );
  return fs.readFileSync(file, 'utf8').replaceAll('5c8801a2-bbe5-4365-a22d-0cf171e209d8', SESSION_ID);
}

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'pending' },
  { content: 'Fix the off-by-one', status: 'pending' },
];

describe('the plan board', () => {
  let project = '';

  after(async () => {
    await setSetting('planFirst', undefined);
    fs.rmSync(path.join(workspaceRoot(), '.git'), { recursive: true, force: true });
    // Only the transcript goes: the follower keeps watching the project folder it found, which a later suite's
    // Claude Code run writes into again.
    if (project !== '') fs.rmSync(path.join(project, `${SESSION_ID}.jsonl`), { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it('lists every source, shows a proposal under Needs you, and approves it from the board', async function () {
    this.timeout(90_000);
    const api = await getApi();
    const root = workspaceRoot();
    repoWithBranchPlan(root);
    const claudeHome = process.env.CLAUDE_CONFIG_DIR;
    assert.ok(claudeHome, 'CLAUDE_CONFIG_DIR is set for the window');
    project = claudeProjectDir(claudeHome, root);
    assert.equal(fs.existsSync(project), false, 'no Claude Code project for the folder before this test');
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(project, `${SESSION_ID}.jsonl`), claudeTranscript());

    await vscode.commands.executeCommand('agentChecklist.openBoard');
    const cards = (): BoardCardView[] => api.boardView()?.cards ?? [];
    const card = (match: (c: BoardCardView) => boolean): BoardCardView | undefined => cards().find(match);
    await waitFor(() => card((c) => c.title === 'board-feature') !== undefined, 'the branch’s card');
    const branch = card((c) => c.title === 'board-feature')!;
    assert.deepEqual([branch.source, branch.agent, branch.counts], ['branch', 'Ada', '1/2']);
    await waitFor(() => card((c) => c.agent === 'Claude Code') !== undefined, 'the followed agent’s card');
    assert.equal(card((c) => c.agent === 'Claude Code')?.title, 'fix the bug');

    await vscode.commands.executeCommand('agentChecklist.newSession');
    await setSetting('planFirst', true);
    await useScript([
      todoWrite(PLAN, 'Let me plan.'),
      { text: 'This is my plan.' },
      todoWrite(PLAN.map((t) => ({ ...t, status: 'completed' }))),
      { text: 'Done.' },
    ]);
    const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Fix the board bug');
    const ours = (): BoardCardView | undefined => card((c) => c.title === 'Fix the board bug');
    await waitFor(() => ours()?.state === 'needs-approval', 'the proposal on its card');
    const proposed = ours()!;
    assert.equal(proposed.needsYou, true);
    assert.equal(proposed.counts, '0/2');
    // Needs you comes first: every card before ours needs the user too (earlier tests' sessions may, oldest first).
    const index = cards().findIndex((c) => c.key === proposed.key);
    assert.ok(
      index >= 0 &&
        cards()
          .slice(0, index)
          .every((c) => c.needsYou),
      'Needs you comes first',
    );
    assert.deepEqual(
      proposed.actions.map((a) => a.action),
      ['approve', 'reject', 'open'],
    );
    await api.boardMessage({ type: 'act', key: proposed.key, action: 'approve' });
    assert.deepEqual(await turn, { kind: 'completed' });
    // Completed with no tool call behind them: flagged, so the card stays under Needs you.
    await waitFor(() => ours()?.counts === '2/2', 'the card after the todo_write');
    await waitFor(() => ours()?.state === 'flagged', 'the turn’s end on the card');
    assert.deepEqual(
      ours()?.actions.map((a) => a.action),
      ['open'],
      'nothing waits for a decision any more',
    );
  });
});

/** Claude Code's project folder for `folder` under its config folder, as its descriptor says. */
function claudeProjectDir(configDir: string, folder: string): string {
  const reading = claudeCode.reading;
  assert.ok(reading.kind === 'jsonl');
  const dir = reading.load().files.dirOf(configDir, folder);
  assert.ok(dir !== undefined);
  return dir;
}
