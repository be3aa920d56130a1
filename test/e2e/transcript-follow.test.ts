// The transcript follows a running turn while the reader is at its end, and leaves a
// reader who scrolled up where they are (webview/src/components/transcript.tsx,
// followBottom). Real VS Code (code-server), a real browser, the scripted model:
// every step is a todo_write row, far more rows than the side bar shows, so the
// transcript overflows. The scroll position is read from the page's own DOM; the
// reader scrolls with the mouse wheel, as a user does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { before, describe, it } from 'node:test';
import type { Frame, FrameLocator } from 'playwright-core';
import { openForSuite } from './suite-setup';
import { agentFrame, agentFrameHandle, openContainer, openScriptedWorkbench, screenshot, until } from './workbench';

const STEPS = 30;
/** Turn `n`: STEPS todo_write steps 150 ms apart (a step's rows land while the page is busy with the last), then an answer. */
function turn(n: number): { responses: unknown[] } {
  const todos = (k: number) =>
    Array.from({ length: 4 }, (_, i) => ({
      content: `Turn ${n} item ${i + 1}`,
      status: i < k % 4 ? 'completed' : i === k % 4 ? 'in_progress' : 'pending',
    }));
  const steps = Array.from({ length: STEPS }, (_, k) => ({
    delayMs: 150,
    toolCalls: [{ id: `follow_${n}_${k}`, name: 'todo_write', arguments: { todos: todos(k) } }],
  }));
  return { responses: [...steps, { delayMs: 150, text: `Turn ${n} is done.` }] };
}

/** How far the transcript's viewport is from its end, and from its top (px). */
async function position(frame: Frame): Promise<{ fromEnd: number; top: number; overflow: number }> {
  const raw = await frame.evaluate(
    '(() => { const t = document.querySelector(".transcript"); return [t.scrollHeight - t.scrollTop - t.clientHeight, t.scrollTop, t.scrollHeight - t.clientHeight]; })()',
  );
  const [fromEnd, top, overflow] = Array.isArray(raw) ? raw.map(Number) : [NaN, NaN, NaN];
  return { fromEnd: fromEnd ?? NaN, top: top ?? NaN, overflow: overflow ?? NaN };
}

describe('the transcript follows a running turn only while the reader is at its end', () => {
  const suite = openForSuite(() => openScriptedWorkbench(turn(1), { 'agentChecklist.maxSteps': STEPS + 5 }));
  let view: FrameLocator;
  let frame: Frame;

  before(async () => {
    await openContainer(suite().workbench.page);
    view = agentFrame(suite().workbench.page);
    await view.locator('.composer-input').waitFor({ timeout: 60_000 });
    frame = await agentFrameHandle(suite().workbench.page);
  });

  async function runTurn(n: number): Promise<void> {
    if (n > 1) fs.writeFileSync(suite().scriptPath, JSON.stringify(turn(n)));
    await view.locator('.composer-input').fill(`Run turn ${n}`);
    await view.locator('.composer-input').press('Enter');
    await view.locator('.item-assistant', { hasText: `Turn ${n} is done.` }).waitFor({ timeout: 120_000 });
    await view.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the last row's frame and its scroll
  }

  it('keeps the newest row in view through a turn of many steps', async () => {
    await runTurn(1);
    const at = await position(frame);
    assert.ok(at.overflow > 300, `the turn's rows overflow the transcript (by ${at.overflow} px)`);
    assert.ok(at.fromEnd < 24, `the transcript is at its end after the turn (${at.fromEnd} px from it)`);
    await screenshot(suite().workbench.page, 'transcript-follow-end.png');
  });

  it('leaves a reader who scrolled up where they are while the next turn runs', async () => {
    const box = await view.locator('.transcript').boundingBox();
    assert.ok(box, 'the transcript is on screen');
    await suite().workbench.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await suite().workbench.page.mouse.wheel(0, -250);
    const scrolled = await until(
      () => position(frame),
      (p) => p.fromEnd > 200,
      'the transcript scrolled up by the wheel',
      10_000,
    );
    await runTurn(2);
    const after = await position(frame);
    assert.ok(
      Math.abs(after.top - scrolled.top) < 2,
      `the reader's position is kept (scrollTop ${scrolled.top} → ${after.top})`,
    );
    assert.ok(
      after.fromEnd > scrolled.fromEnd + 300,
      `the new rows went on below the reader (${after.fromEnd} px from the end)`,
    );
  });

  it('follows again once the reader scrolls back to the end', async () => {
    await suite().workbench.page.mouse.wheel(0, 1_000_000);
    await until(
      () => position(frame),
      (p) => p.fromEnd < 24,
      'the transcript scrolled to its end by the wheel',
      10_000,
    );
    await runTurn(3);
    const at = await position(frame);
    assert.ok(at.fromEnd < 24, `the transcript is at its end after the turn (${at.fromEnd} px from it)`);
  });
});
