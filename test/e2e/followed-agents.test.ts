// Issue 23 in the real VS Code (code-server) and a real browser: Claude Code and Codex
// runs in the open folder, started after the window, followed from their own session
// files (what the real agents wrote: test/fixtures/agent-files) in the server's
// CLAUDE_CONFIG_DIR and CODEX_HOME (empty folders under its user data). The status
// bar, the Plan tree and the strip follow Claude Code's plan live; then Codex's run
// takes over; the session list names both; the banner offers the agent's own file; the
// agents' files are byte-identical afterwards. Screenshot:
// test-results/e2e/followed-agents-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../../scripts/vscode-server/server.mjs';
import { openForSuite } from './suite-setup';
import { agentFrame, openContainer, openWorkbench, readStatusBarItem, readStrip, readTree, screenshot, until } from './workbench';

const fixture = (name: string): string[] => fs.readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'agent-files', name), 'utf8').split('\n').filter(Boolean);
const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [r.label, r.spinning ? `${r.icon}~spin` : r.icon]);
}

describe('other agents followed from their own files in the workbench (issue 23)', () => {
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));

  it('follows a Claude Code run live, then a Codex run, names both, and leaves their files as written', async () => {
    const { page, workspace, server } = workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const homes = agentHomesOf(server.userDataDir);

    const project = path.join(homes.CLAUDE_CONFIG_DIR, 'projects', workspace.replace(/[^A-Za-z0-9]/g, '-'));
    fs.mkdirSync(project, { recursive: true });
    const transcript = path.join(project, '5c8801a2-bbe5-4365-a22d-0cf171e209d8.jsonl');
    const claude = fixture('claude-todowrite-resumed.jsonl');
    const resumedAt = claude.findIndex((l, i) => i > 0 && /"content":"finish it"/.test(l));
    fs.writeFileSync(transcript, text(claude.slice(0, resumedAt)));
    await until(() => readStatusBarItem(page), (s) => s?.text === '1/2 · Fix the bug', 'the status bar to show Claude Code\u2019s plan', 30_000);
    assert.deepEqual(await until(() => treeShape(page), (t) => t.length === 2, 'the Plan tree to show it'), [
      ['Read the code', 'pass'],
      ['Fix the bug', 'debug-start'], // Claude Code's run ended: the item waits for its next one
    ]);
    await until(() => readStrip(frame), (s) => s.counts === '1 completed · 1 in progress', 'the strip to show it');
    const banner = (await frame.locator('.banner-readonly').innerText()).replace(/\s+/g, ' ');
    assert.match(banner, /This session belongs to Claude Code; it is shown read-only here\./);
    assert.equal(await frame.getByRole('button', { name: 'Open the agent\u2019s file' }).count(), 1);

    // The resumed run appends; the tree follows it.
    fs.appendFileSync(transcript, text(claude.slice(resumedAt)));
    await until(() => treeShape(page), (t) => t.length === 2 && t.every((r) => r[1] === 'pass'), 'the resumed run\u2019s plan in the tree');

    // A Codex run in the same folder takes over.
    const [meta, ...rest] = fixture('codex-update-plan-resumed.jsonl');
    const day = path.join(homes.CODEX_HOME, 'sessions', '2026', '12', '03');
    fs.mkdirSync(day, { recursive: true });
    const rollout = path.join(day, 'rollout-2026-12-03T09-00-00-01a238fa-52b8-7c40-aba0-23952d9dde16.jsonl');
    const codexFirst = [meta!.replace(/"cwd":"[^"]*"/, `"cwd":${JSON.stringify(workspace)}`), ...rest];
    fs.writeFileSync(rollout, text(codexFirst));
    const select = frame.getByRole('combobox', { name: 'Sessions', exact: true });
    const options = await until(
      () => select.locator('option').evaluateAll((os) => os.map((o) => ({ text: (o.textContent ?? '').trim(), selected: o.matches(':checked') }))),
      (os) => os.some((o) => o.selected && o.text.startsWith('Codex')) && os.some((o) => o.text.startsWith('Claude Code')),
      'the session list to show the Codex session, with Claude Code\u2019s beside it',
      30_000,
    );
    assert.equal(options.filter((o) => o.text.startsWith('Claude Code (MCP)')).length, 0, 'followed, not an MCP session');
    await until(() => readStatusBarItem(page), (s) => s?.text.startsWith('2/2') === true, 'Codex\u2019s plan on the status bar');

    assert.equal(fs.readFileSync(transcript, 'utf8'), text(claude), 'the transcript is as Claude Code wrote it');
    assert.equal(fs.readFileSync(rollout, 'utf8'), text(codexFirst), 'the rollout is as Codex wrote it');
    assert.equal(fs.existsSync(path.join(workspace, '.agent-checklist')), false, 'nothing written in the workspace');
    await page.mouse.move(800, 450);
    await screenshot(page, 'followed-agents-light.png');
  });
});
