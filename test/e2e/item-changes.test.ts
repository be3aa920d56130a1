// Evidence and undo per plan item (issue 24) in the real workbench (code-server +
// Chromium), with checkpoints on (the default) and real files in the workspace:
// - the scripted model marks one item completed with no tool call while it was in
//   progress: its Plan tree row shows the warning icon and "no work recorded", and
//   its tooltip, as a user hovering it sees it, says it needs a second look;
// - another item edits two files of the workspace; from its context menu, Show
//   Changes opens the multi-file diff editor listing both (edited, not marked as
//   renamed), and Revert Item's Changes puts their bytes back and the item back to
//   pending (changes/reverted and a user edit on the log);
// - the strip's row keeps the flagged item's words whole beside its flag words, and
//   axe-core reports no violation in the Agent page showing the flagged plan.
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import * as z from 'zod/mini';
import { axeAudit } from './axe-audit';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import {
  agentFrame,
  expandStrip,
  openScriptedWorkbench,
  readTree,
  screenshot,
  sessionLogFiles,
  until,
  type Workbench,
} from './workbench';

const CHECKED = 'Check the config';
const RENAMED = 'Rename the greeting';
const plan = (checked: string, renamed: string) => ({
  todos: [
    { content: CHECKED, status: checked },
    { content: RENAMED, status: renamed },
  ],
});
const BEFORE = { 'src/greeting.txt': 'hello\nworld\n', 'NOTES.md': '# Notes\n\nSay hello.\n' };
const ANSWER = 'Renamed the greeting.';
const SCRIPT = {
  responses: [
    { text: 'Planning.', toolCalls: [{ name: 'todo_write', arguments: plan('in_progress', 'pending') }] },
    // The first item is ticked with no tool call while it was in progress: flagged.
    { toolCalls: [{ name: 'todo_write', arguments: plan('completed', 'in_progress') }] },
    { toolCalls: [{ name: 'write_file', arguments: { path: 'src/greeting.txt', content: 'hi there\nworld\n' } }] },
    {
      toolCalls: [
        { name: 'edit_file', arguments: { path: 'NOTES.md', old_string: 'Say hello.', new_string: 'Say hi there.' } },
      ],
    },
    { toolCalls: [{ name: 'todo_write', arguments: plan('completed', 'completed') }] },
    { text: ANSWER },
  ],
};

const logLineSchema = z.object({ type: z.string(), data: z.optional(z.unknown()) });
const revertedSchema = z.object({ item: z.string(), scope: z.string(), files: z.array(z.string()) });

/** The lines of the workbench's one session log. */
function logLines(workbench: Workbench): z.infer<typeof logLineSchema>[] {
  const files = sessionLogFiles(workbench.server.userDataDir);
  assert.equal(files.length, 1, `one session log: ${files.join(', ')}`);
  return fs
    .readFileSync(files[0] ?? '', 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => logLineSchema.parse(JSON.parse(line)));
}

/** The files' text now; a file missing reads as null (a revert's checkout writes a file anew: read meanwhile, it may be gone for a moment). */
const bytesOf = (workspace: string): Record<string, string | null> =>
  Object.fromEntries(Object.keys(BEFORE).map((file) => [file, readOrNull(path.join(workspace, file))]));

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The Plan tree's row whose accessible name is `name` (the item, its status, and a flag's words). */
const treeRow = (page: Page, name: string) => page.getByRole('tree').getByRole('treeitem', { name, exact: true });

/** Opens the row's context menu and picks `action` (with the keyboard: VS Code's menu ignores a mouse-up too soon after it opened). */
async function contextMenu(page: Page, row: string, action: string): Promise<void> {
  await treeRow(page, row).click({ button: 'right' });
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await item.waitFor({ timeout: 10_000 });
  await screenshot(page, `item-changes-menu-${action.toLowerCase().replace(/\W+/g, '-')}.png`);
  await item.hover();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

/** The words of a checkbox's label that the layout breaks across lines (a word drawn as more than one box). */
async function brokenWords(box: Locator): Promise<string[]> {
  // In the page (no DOM types in this project's Node build).
  return box.evaluate((el) => {
    const doc = el.ownerDocument;
    const walker = doc.createTreeWalker(el.labels[0], doc.defaultView.NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      for (const word of String(node.textContent).matchAll(/\S+/g)) {
        const range = doc.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

describe('evidence and undo per plan item, in the real workbench', () => {
  const opened = openForSuite(() => openScriptedWorkbench(SCRIPT, { 'agentChecklist.tools.autoApprove': true }));

  it("flags an item ticked with no work; Show Changes lists the other item's two files; Revert Item's Changes restores them and the item is pending again", async () => {
    const { workbench } = opened();
    const { page, workspace } = workbench;
    for (const [file, text] of Object.entries(BEFORE)) {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    }
    const frame = await openAgentView(page);
    await sendPrompt(frame, 'Check the config, then rename the greeting', ANSWER);
    assert.deepEqual(
      bytesOf(workspace),
      { 'src/greeting.txt': 'hi there\nworld\n', 'NOTES.md': '# Notes\n\nSay hi there.\n' },
      'the turn edited both files',
    );

    // (a) The flag as the tree shows it: the warning icon and its words.
    const flagged = treeRow(page, `${CHECKED}, completed, no work recorded`);
    await flagged.waitFor();
    const rows = await until(
      () => readTree(page),
      (r) => r.length === 2 && r[1]?.description === 'completed',
      'both items completed in the tree',
    );
    assert.deepEqual(
      rows.map((r) => [r.label, r.icon, r.description]),
      [
        [CHECKED, 'warning', 'completed · no work recorded'],
        [RENAMED, 'pass', 'completed'],
      ],
    );
    // Its tooltip, on hover.
    await flagged.hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: 'Needs a second look: no work recorded' });
    await tooltip.waitFor();
    assert.match(
      (await tooltip.innerText()).replace(/\s+/g, ' '),
      /Check the config .*completed .*Needs a second look: no work recorded No tool call while in progress/,
    );
    await screenshot(page, 'item-changes-flagged.png');

    await expandStrip(agentFrame(page));
    // The strip's row keeps the item's words whole beside its flag words.
    assert.deepEqual(
      await brokenWords(frame.getByRole('checkbox', { name: CHECKED })),
      [],
      'no word of the flagged item broken across lines',
    );
    const { violations, passed } = await axeAudit(frame);
    assert.ok(passed.length > 10, 'axe ran its rules over the Agent page');
    assert.deepEqual(violations, [], 'axe-core: no violation in the Agent page with a flagged plan');

    // (b) Show Changes: the multi-file diff editor with the item's two files. The mouse
    // first leaves the tree, so that the hover opened above covers no row.
    await page.mouse.move(1, 1);
    await contextMenu(page, `${RENAMED}, completed`, 'Show Changes');
    const tab = page.getByRole('tab', { name: new RegExp(`^Changes of ${RENAMED} \\(2 files\\)`) });
    await tab.waitFor({ timeout: 30_000 });
    const editor = page.getByRole('main');
    for (const name of ['greeting.txt', 'NOTES.md']) await editor.getByText(name, { exact: true }).first().waitFor();
    // Edited in place, not renamed: no file's header shows the rename mark "R" (nor its old name struck through).
    assert.equal(await editor.getByText('R', { exact: true }).count(), 0, 'no file marked renamed');
    for (const name of ['greeting.txt', 'NOTES.md'])
      assert.equal(await editor.getByText(name, { exact: true }).count(), 1, `${name} named once`);
    await screenshot(page, 'item-changes-diff.png');

    // Revert Item's Changes: the bytes as they were before the item started, the item pending.
    await contextMenu(page, `${RENAMED}, completed`, "Revert Item's Changes");
    await until(
      async () => bytesOf(workspace),
      (bytes) => isDeepStrictEqual(bytes, BEFORE),
      'the files back to their bytes before the item',
    );
    await treeRow(page, `${RENAMED}, pending`).waitFor();
    const after = await until(
      () => readTree(page),
      (r) => r[1]?.description === '',
      'the reverted item pending in the tree',
    );
    assert.deepEqual(
      after.map((r) => [r.label, r.icon]),
      [
        [CHECKED, 'warning'],
        [RENAMED, 'circle-large-outline'],
      ],
    );
    const log = logLines(workbench);
    assert.deepEqual(
      log
        .flatMap((l) => (l.type === 'changes/reverted' ? [revertedSchema.parse(l.data)] : []))
        .map(({ item, scope, files }) => ({ item, scope, files: [...files].sort() })),
      [{ item: RENAMED, scope: 'item', files: ['NOTES.md', 'src/greeting.txt'] }],
    );
    assert.deepEqual(
      log.filter((l) => l.type === 'todo/user-edit').at(-1)?.data,
      plan('completed', 'pending'),
      'the revert is a user edit: the item back to pending',
    );
    await screenshot(page, 'item-changes-reverted.png');
  });
});
