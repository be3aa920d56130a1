// A narrow side bar (200 px) in the real workbench (code-server + Chromium): the
// Agent view's session list keeps who keeps the shown session's plan in sight. An
// MCP client (the built CLI's server, driven by the SDK's client) writes a plan; with the side bar dragged to 200 px the list takes a line of its own,
// as wide as the view, its text starts with the source ("Claude Code (MCP)"), which
// fits in the list's box, and the list's tooltip is the whole line. Read from the
// DOM; a screenshot goes to test-results/e2e/narrow-sidebar.png.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workbenchWithExternalAgents } from './mcp-client';
import { agentFrame, openContainer, readStatusBarItem, screenshot, until } from './workbench';

const WIDTH = 200;

describe('the session list in a 200 px side bar', () => {
  const suite = workbenchWithExternalAgents();

  it('keeps the source label visible, with the whole line as the tooltip', async () => {
    const { page } = suite.workbench();
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const agent = await suite.start({ name: 'claude-code', version: '2.0.14' });
    await agent.write([
      { content: 'Port the lexer', status: 'in_progress' },
      { content: 'Run the suite', status: 'pending' },
    ]);
    await until(
      () => readStatusBarItem(page),
      (s) => s?.text.startsWith('0/2') ?? false,
      'the MCP plan in the status bar',
      30_000,
    );
    const select = frame.getByRole('combobox', { name: 'Sessions', exact: true });
    await select.waitFor();

    // Drag the side bar's sash to 200 px.
    const sidebar = page.locator('#workbench\\.parts\\.sidebar');
    const box = await sidebar.boundingBox();
    assert.ok(box);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + WIDTH, y, { steps: 8 });
    await page.mouse.up();
    const width = await until(
      async () => (await sidebar.boundingBox())?.width ?? 0,
      (w) => Math.abs(w - WIDTH) <= 2,
      'the side bar at 200 px',
    );
    assert.ok(Math.abs(width - WIDTH) <= 2);

    // In the page (no DOM types in this project's Node build): the box, the selected line, the room its text has.
    const measured = await until(
      () =>
        select.evaluate((el) => {
          const doc = el.ownerDocument;
          const win = doc.defaultView as unknown as {
            getComputedStyle(e: unknown): { font: string; paddingLeft: string; paddingRight: string };
          };
          const list = el as unknown as {
            selectedOptions: { textContent: string | null }[];
            title: string;
            clientWidth: number;
          };
          const rect = el.getBoundingClientRect();
          const option = list.selectedOptions[0]?.textContent ?? '';
          const style = win.getComputedStyle(el);
          const canvas = doc.createElement('canvas') as unknown as {
            getContext(kind: '2d'): { font: string; measureText(t: string): { width: number } };
          };
          const context = canvas.getContext('2d');
          context.font = style.font;
          const source = option.split(' · ')[0] ?? '';
          // The room for text: the box minus its padding and the drop-down arrow (about 20 px).
          const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          return {
            view: doc.documentElement.clientWidth,
            left: rect.left,
            right: rect.right,
            width: rect.width,
            option,
            title: list.title,
            source,
            sourceWidth: context.measureText(`${source} · `).width,
            lineWidth: context.measureText(option).width,
            room,
          };
        }),
      (m) => m.view <= WIDTH && m.width >= m.view - 24,
      'the list on a line of its own, as wide as the view',
    );
    assert.ok(measured.right <= measured.view, `inside the view: ${JSON.stringify(measured)}`);
    assert.equal(measured.source, 'Claude Code (MCP)', 'the line starts with who keeps the session');
    assert.ok(measured.sourceWidth <= measured.room, `the source fits in the list's box: ${JSON.stringify(measured)}`);
    assert.ok(
      measured.lineWidth > measured.room,
      `the whole line does not fit at 200 px (what the ellipsis and the tooltip are for): ${JSON.stringify(measured)}`,
    );
    assert.equal(measured.title, measured.option, 'the tooltip is the whole line');
    const title = await frame.getByRole('heading', { level: 1 }).evaluate((el) => {
      const win = el.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { textOverflow: string } };
      return {
        right: el.getBoundingClientRect().right,
        view: el.ownerDocument.documentElement.clientWidth,
        ellipsis: win.getComputedStyle(el).textOverflow,
      };
    });
    assert.ok(
      title.right <= title.view && title.ellipsis === 'ellipsis',
      `the title ends in an ellipsis inside the view: ${JSON.stringify(title)}`,
    );
    await page.mouse.move(800, 450);
    await screenshot(page, 'narrow-sidebar.png');
  });
});
