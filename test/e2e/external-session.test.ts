// Issue 13 in the real VS Code (code-server) and a real browser: an agent outside the
// editor — the built CLI's MCP server driven by the SDK's own client over stdio, as
// Claude Code drives it — writes its plan into the workspace's
// `.agent-checklist/sessions/`. With nothing typed in the editor, the Plan tree, the
// Agent view's strip and the status bar show that plan and follow its next write
// live; the session list and the read-only banner name its source ("Claude Code
// (MCP)"); the view is read-only (the MCP server is the log's writer). Read from the
// DOM; a screenshot goes to test-results/e2e/external-session-light.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { workbenchWithExternalAgents, type ExternalAgent, type TodoArg } from './mcp-client';
import {
  agentFrame,
  expandStrip,
  openContainer,
  readStatusBarItem,
  readStrip,
  readTree,
  screenshot,
  statusBarCount,
  until,
} from './workbench';

const ITEMS = ['Read the failing test', 'Fix the parser', 'Run the suite'];
const plan = (statuses: TodoArg['status'][]): TodoArg[] =>
  ITEMS.map((content, i) => ({ content, status: statuses[i] ?? 'pending' }));

interface SessionOption {
  text: string;
  selected: boolean;
}

/** The Agent view's session list (a <select>): each option's text and which one is shown. */
async function readSessionList(frame: FrameLocator): Promise<SessionOption[]> {
  const select = frame.getByRole('combobox', { name: 'Sessions', exact: true });
  if ((await select.count()) === 0) return [];
  return select
    .locator('option')
    .evaluateAll((options) =>
      options.map((o) => ({ text: (o.textContent ?? '').trim(), selected: o.matches(':checked') })),
    );
}

async function treeShape(page: Page): Promise<string[][]> {
  return (await readTree(page)).map((r) => [r.label, r.spinning ? `${r.icon}~spin` : r.icon]);
}

describe('an external agent’s plan in the workbench (issue 13)', () => {
  const suite = workbenchWithExternalAgents();
  /** The MCP client the first test starts; the second disconnects it. */
  let agent: ExternalAgent | undefined;

  it('shows an MCP session’s plan in the Plan tree, the strip and the status bar, live, and labels its source', async () => {
    const { page, workspace } = suite.workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    assert.equal(await readStatusBarItem(page), null, 'no plan before the external agent writes one');
    assert.equal(
      fs.existsSync(path.join(workspace, '.agent-checklist')),
      false,
      'the workspace has no session folder yet: the extension never creates it',
    );

    agent = await suite.start({ name: 'claude-code', version: '2.0.14' });
    await agent.write(plan(['completed', 'in_progress', 'pending']));

    const status = await until(
      () => readStatusBarItem(page),
      (s) => s?.text === '1/3 · Fix the parser',
      'the status bar to show the MCP plan',
      30_000,
    );
    assert.deepEqual(status?.icons, ['checklist'], 'the editor’s own agent is not running: no spinner');
    assert.equal(await statusBarCount(page), 1, 'exactly one status bar item');
    const tree = await until(
      () => treeShape(page),
      (t) => t.length === 3,
      'the Plan tree to show the MCP plan',
    );
    assert.deepEqual(tree, [
      [ITEMS[0], 'pass'],
      [ITEMS[1], 'sync~spin'], // the MCP connection's turn is open: its agent is at work
      [ITEMS[2], 'circle-large-outline'],
    ]);
    await until(
      () => readStrip(frame),
      (s) => s.counts === '1 completed · 1 in progress · 1 pending',
      'the strip to show the MCP plan',
    );
    await expandStrip(frame); // collapsed to its header by default
    const strip = await readStrip(frame);
    assert.equal(await frame.locator('.plan-strip input[type="checkbox"]').count(), 0, 'read-only: no edit controls');
    assert.deepEqual(strip.items, [
      { content: ITEMS[0], status: 'completed' },
      { content: ITEMS[1], status: 'in_progress' },
      { content: ITEMS[2], status: 'pending' },
    ]);
    const list = await until(
      () => readSessionList(frame),
      (l) => l.some((o) => o.selected && o.text.includes('Claude Code (MCP)')),
      'the session list to label the shown session',
    );
    assert.equal(list.filter((o) => o.text.includes('Claude Code (MCP)')).length, 1, 'one MCP session listed');
    const banner = (await frame.locator('.banner-readonly').innerText()).replace(/\s+/g, ' ');
    assert.match(
      banner,
      /This session belongs to Claude Code \(MCP\); it is shown read-only here\./,
      'read-only, and it says whose session it is',
    );
    const empty = (await frame.locator('.transcript.empty').innerText()).replace(/\s+/g, ' ');
    assert.match(
      empty,
      /^Claude Code \(MCP\) keeps only its plan in this session: there is no conversation to show\./,
      'the empty transcript says why, not "Ask the agent"',
    );
    const logs = fs
      .readdirSync(path.join(workspace, '.agent-checklist', 'sessions'))
      .filter((n) => n.endsWith('.jsonl'));
    assert.equal(logs.length, 1, 'the MCP server wrote one log into the workspace');

    // Live: the next write replaces the plan on every surface, with no action in the editor.
    await agent.write(plan(['completed', 'completed', 'in_progress']));
    await until(
      () => readStatusBarItem(page),
      (s) => s?.text === '2/3 · Run the suite',
      'the status bar to follow the next write',
    );
    await until(
      () => readStrip(frame),
      (s) => s.counts === '2 completed · 1 in progress',
      'the strip to follow the next write',
    );
    assert.deepEqual(
      await until(
        () => treeShape(page),
        (t) => t[1]?.[1] === 'pass',
        'the tree to follow the next write',
      ),
      [
        [ITEMS[0], 'pass'],
        [ITEMS[1], 'pass'],
        [ITEMS[2], 'sync~spin'],
      ],
    );
    await page.mouse.move(800, 450); // off the activity bar, whose tooltip would cover the strip
    await screenshot(page, 'external-session-light.png');
  });

  it('marks the plan as paused in the tree when the MCP client disconnects, and keeps it standing', async () => {
    const { page } = suite.workbench();
    await agent!.close();
    agent = undefined;
    const tree = await until(
      () => treeShape(page),
      (t) => t[2]?.[1] === 'debug-start',
      'the turn end to reach the tree',
    );
    assert.deepEqual(
      tree.map((r) => r[0]),
      ITEMS,
    );
    assert.equal((await readStatusBarItem(page))?.text, '2/3 · Run the suite', 'the plan stands after its writer left');
  });
});
