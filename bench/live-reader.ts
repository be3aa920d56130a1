// What the live bench's reader does in the Agent view's page (bench/live.bench.ts):
// loads every older page, scrolls through the windowed transcript meeting its rows,
// follows its end. Driven through the page's own DOM, as a user scrolls and clicks.
import type { Frame, FrameLocator } from 'playwright-core';
import { until } from '../test/e2e/workbench';

/** "Show earlier messages" until the whole log is in the page; returns how many pages it loaded. */
export async function loadEveryPage(frame: Frame, view: FrameLocator): Promise<number> {
  const older = view.locator('.transcript button.older');
  // Each page makes the transcript taller (its rows, or placeholders of their height: the windowed transcript).
  const height = async () => Number(await frame.evaluate('document.querySelector(".transcript").scrollHeight'));
  let pages = 0;
  while ((await older.count()) > 0) {
    const before = await height();
    await older.click();
    await until(height, (h) => h > before, 'an older page in the transcript', 30_000);
    pages++;
  }
  return pages;
}

const TO_END = 'document.querySelector(".transcript").scrollTop = 1e9';
const FROM_END =
  '(() => { const t = document.querySelector(".transcript"); return t.scrollHeight - t.scrollTop - t.clientHeight; })()';

/** The reader back at the transcript's end (it follows from there); how far from its end it is after `during` (px). */
export async function distanceFromEndAfter(frame: Frame, during: () => Promise<void>): Promise<number> {
  await frame.evaluate(TO_END);
  await new Promise((resolve) => setTimeout(resolve, 300)); // its scroll event: the transcript notes it is at the end
  await during();
  return Number(await frame.evaluate(FROM_END));
}

/** How many user prompts and todo_write rows the page holds in its DOM now. */
export async function pageRows(frame: Frame): Promise<{ users: number; todoRows: number }> {
  const users = await frame.evaluate('document.querySelectorAll("li.item-user").length');
  const todoRows = await frame.evaluate('document.querySelectorAll("li.item-tool[data-tool=todo_write]").length');
  return { users: Number(users), todoRows: Number(todoRows) };
}

/**
 * The reader scrolls the transcript from its top to its end a screen at a time: every
 * distinct prompt and todo_write row seen on the way (the windowed transcript holds
 * only the blocks near the screen in its DOM). Ends at the top again.
 */
export async function reachableRows(frame: Frame): Promise<{ users: number; todoRows: number }> {
  const seen = await frame.evaluate(`(async () => {
    const t = document.querySelector('.transcript');
    const users = new Set(), calls = new Set();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; ; top += t.clientHeight) {
      t.scrollTop = top;
      await frame();
      for (const li of document.querySelectorAll('li.item-user')) users.add(li.textContent);
      for (const li of document.querySelectorAll('li.item-tool[data-tool=todo_write]')) calls.add(li.dataset.callId);
      if (t.scrollTop + t.clientHeight >= t.scrollHeight - 1) break;
    }
    t.scrollTop = 0;
    await frame();
    return [users.size, calls.size];
  })()`);
  const [users, todoRows] = Array.isArray(seen) ? seen.map(Number) : [NaN, NaN];
  return { users: users ?? NaN, todoRows: todoRows ?? NaN };
}
