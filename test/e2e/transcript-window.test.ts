// The windowed transcript in a real browser (webview/src/components/transcript-window.ts):
// with every page of a long session loaded, the page's DOM holds only the blocks of
// rows near the screen, yet a reader scrolling from the top to the end meets every
// row; a row opened, scrolled far away and back is still open; a reader who scrolled
// up keeps their place while a live turn adds rows below, and one at the end follows
// it. Real VS Code (code-server), a real browser, a session log written as valid JSONL
// (bench/synthetic-log.ts, checked by the store's loader) and opened from the
// session list, the scripted model for the live turn.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame, FrameLocator } from 'playwright-core';
import { writeSyntheticLog, type SyntheticLog } from '../../bench/synthetic-log';
import { openForSuite } from './suite-setup';
import {
  agentFrame,
  agentFrameHandle,
  openContainer,
  openScriptedWorkbench,
  screenshot,
  sessionDirs,
  until,
} from './workbench';

const LONG_ID = 'window-long-session';
const STEPS = 20;
const turn = (n: number) => ({
  responses: [
    ...Array.from({ length: STEPS }, (_, k) => ({
      delayMs: 100,
      toolCalls: [
        {
          id: `window_${n}_${k}`,
          name: 'todo_write',
          arguments: { todos: [{ content: `Live ${n}.${k}`, status: 'in_progress' }] },
        },
      ],
    })),
    { delayMs: 100, text: `Live turn ${n} is done.` },
  ],
});

const SCROLL = `(() => { const t = document.querySelector('.transcript'); return [t.scrollTop, t.clientHeight, t.scrollHeight]; })()`;
/** The transcript's scroll position, viewport and content height (px). */
async function scroller(frame: Frame): Promise<{ top: number; height: number; content: number }> {
  const raw = await frame.evaluate(SCROLL);
  const [top, height, content] = Array.isArray(raw) ? raw.map(Number) : [];
  return { top: top ?? NaN, height: height ?? NaN, content: content ?? NaN };
}

/** Scrolls the transcript to `top` and waits two frames (its scroll event, the render it asks for). */
async function scrollTo(frame: Frame, top: number): Promise<void> {
  await frame.evaluate(
    `(async () => { document.querySelector('.transcript').scrollTop = ${top}; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); })()`,
  );
}

/** The first row reaching into the transcript's viewport: its text and how far its top is from the viewport's (px). */
async function rowAtTop(frame: Frame): Promise<string> {
  return String(
    await frame.evaluate(`(() => {
    const top = document.querySelector('.transcript').getBoundingClientRect().top;
    const row = [...document.querySelectorAll('.items li.item')].find((li) => li.getBoundingClientRect().bottom > top);
    return row ? row.textContent + ' @ ' + Math.round(row.getBoundingClientRect().top - top) : '';
  })()`),
  );
}

describe('the transcript keeps only the rows near the screen in the DOM', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-window-'));
  let long: SyntheticLog;
  const suite = openForSuite(() => openScriptedWorkbench(turn(1), { 'agentChecklist.maxSteps': STEPS + 5 }));
  let view: FrameLocator;
  let frame: Frame;

  before(async () => {
    long = writeSyntheticLog(
      path.join(dir, `${LONG_ID}.jsonl`),
      { events: 3000 },
      { id: LONG_ID, title: 'A long session' },
    );
    await openContainer(suite().workbench.page);
    view = agentFrame(suite().workbench.page);
    await view.locator('.composer-input').waitFor({ timeout: 60_000 });
    frame = await agentFrameHandle(suite().workbench.page);
    const own = sessionDirs(suite().workbench.server.userDataDir)[0];
    assert.ok(own, 'the window has its session folder once the extension is active');
    fs.renameSync(long.path, path.join(own, `${LONG_ID}.jsonl`));
    await view
      .getByRole('combobox', { name: 'Sessions', exact: true })
      .locator(`option[value="${LONG_ID}"]`)
      .waitFor({ state: 'attached', timeout: 30_000 });
    await view.getByRole('combobox', { name: 'Sessions', exact: true }).selectOption(LONG_ID);
    const older = view.locator('.transcript button.older');
    await older.waitFor({ timeout: 60_000 });
    while ((await older.count()) > 0) {
      const { content } = await scroller(frame);
      await older.click();
      await until(
        () => scroller(frame),
        (s) => s.content > content,
        'an older page in the transcript',
      );
    }
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds a few blocks of rows in the DOM, and the reader meets every prompt scrolling from the top to the end', async () => {
    const inDom = Number(await frame.evaluate('document.querySelectorAll(".items li.item-user").length'));
    assert.ok(inDom > 0 && inDom < long.turns / 4, `prompts in the DOM: ${inDom} of ${long.turns}`);
    const away = Number(await frame.evaluate('document.querySelectorAll(".items > .block.away").length'));
    const blocks = Number(await frame.evaluate('document.querySelectorAll(".items > .block").length'));
    assert.ok(away > 0, 'placeholders stand for the rest');
    assert.ok(
      blocks <= 12,
      `a few elements in the list, a run of far blocks being one placeholder: ${blocks} (${long.events} events, about ${Math.round(long.events / 64)} blocks)`,
    );
    const seen = new Set<string>();
    for (let top = 0; ;) {
      await scrollTo(frame, top);
      for (const text of await view.locator('li.item-user').allInnerTexts()) seen.add(text);
      const s = await scroller(frame);
      if (s.top + s.height >= s.content - 1) break;
      top = s.top + s.height;
    }
    assert.equal(seen.size, long.turns, 'every prompt of the log, each once');
  });

  it('opens a row scrolled far away and back as the reader left it', async () => {
    await scrollTo(frame, 0);
    const row = view.locator('li.item-tool[data-tool="todo_write"]').first();
    const callId = await row.getAttribute('data-call-id');
    await row.locator('.disclosure-toggle').click();
    await row.getByRole('list', { name: 'Plan', exact: true }).waitFor();
    const same = view.locator(`li.item-tool[data-call-id="${callId}"]`);
    await scrollTo(frame, 1e9);
    await until(
      () => same.count(),
      (n) => n === 0,
      'the row gone from the DOM once far away',
    );
    await scrollTo(frame, 0);
    await same.getByRole('list', { name: 'Plan', exact: true }).waitFor({ timeout: 5_000 });
    assert.equal(await same.locator('.disclosure-toggle').getAttribute('aria-expanded'), 'true');
  });

  it('keeps a reader who scrolled up on the same row while a live turn adds rows below, and follows one at the end', async () => {
    const middle = (await scroller(frame)).content / 2;
    await scrollTo(frame, middle);
    await scrollTo(frame, middle - 400); // up: the reader stops following
    const before = await scroller(frame);
    const reading = await rowAtTop(frame);
    assert.ok(reading, 'a row at the top of the viewport');
    await view.locator('.composer-input').fill('Run live turn 1');
    await view.locator('.composer-input').press('Enter');
    await view
      .locator('.item-assistant', { hasText: 'Live turn 1 is done.' })
      .waitFor({ state: 'attached', timeout: 60_000 });
    await view.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 60_000 });
    const kept = await scroller(frame);
    assert.ok(
      Math.abs(kept.top - before.top) < 2,
      `the reader's place is kept (scrollTop ${before.top} → ${kept.top})`,
    );
    assert.equal(await rowAtTop(frame), reading, 'the same row at the top of the viewport');
    await screenshot(suite().workbench.page, 'transcript-window-middle.png');

    fs.writeFileSync(suite().scriptPath, JSON.stringify(turn(2)));
    await scrollTo(frame, 1e9);
    await view.locator('.composer-input').fill('Run live turn 2');
    await view.locator('.composer-input').press('Enter');
    await view.locator('.item-assistant', { hasText: 'Live turn 2 is done.' }).waitFor({ timeout: 60_000 });
    await view.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the last row's frame and its scroll
    const end = await scroller(frame);
    assert.ok(
      end.content - end.top - end.height < 24,
      `at the end after the turn (${end.content - end.top - end.height} px from it)`,
    );
    const inDom = Number(await frame.evaluate('document.querySelectorAll(".items li.item-user").length'));
    assert.ok(inDom < long.turns / 4, `still a few blocks in the DOM: ${inDom} prompts`);
  });
});
