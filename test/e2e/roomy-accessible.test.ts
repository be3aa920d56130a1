// Issue 12 in the real VS Code (code-server) and a real browser, at 1400×900 with the
// default layout and the default (demo) model, whose turn writes a 4-item plan:
// - a turn that ends while the Agent view is hidden raises a notification with the
//   plan's summary, and its Show action reveals the view;
// - the transcript shows at least 10 lines of text (counted from the DOM: the line
//   boxes of its text that lie wholly inside the transcript's visible box);
// - one "+" for New Session, and Open in Editor shows the same session in a tab;
// - axe-core, run inside the Agent view's own frame, reports no violation in the
//   light, dark and high-contrast themes, over an answer with a link, a task list, a
//   table and code, a bash row and a waiting approval; and Tab reaches every visible
//   control, each with a name and a visible focus outline.
// Screenshots go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { axeAudit } from './axe-audit';
import { openAgentView, openForSuite, sendPrompt } from './suite-setup';
import {
  agentPageFrame,
  answerInputBox,
  DARK_THEME_LABEL,
  HIGH_CONTRAST_THEME_LABEL,
  LIGHT_THEME_LABEL,
  openScriptedWorkbench,
  openWorkbench,
  readStatusBar,
  runWorkbenchCommand,
  screenshot,
  setTheme,
  until,
} from './workbench';

const DEMO_DONE = 'Done: a tour of your workspace';

/** What the transcript shows now: its rendered text lines wholly inside its visible box, and the heights of the page's parts. */
async function transcriptLines(frame: Frame): Promise<{ lines: number; parts: Record<string, number> }> {
  return frame.locator('.app').evaluate((app) => {
    const doc = app.ownerDocument;
    const transcript = doc.querySelector('.transcript');
    if (!transcript) return { lines: 0, parts: {} };
    const box = transcript.getBoundingClientRect();
    const tops: number[] = [];
    const walker = doc.createTreeWalker(transcript, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
      const range = doc.createRange();
      range.selectNodeContents(node);
      const rects = range.getClientRects();
      for (let i = 0; i < rects.length; i++) {
        const rect = rects.item(i);
        if (!rect || rect.width < 1 || rect.height < 4) continue;
        if (rect.top < box.top - 1 || rect.bottom > box.bottom + 1) continue;
        tops.push(rect.top);
      }
    }
    // Rects of one line (several text nodes side by side) share their top within a few pixels.
    const sorted = tops.sort((a, b) => a - b);
    const lines = sorted.filter((t, i) => i === 0 || t - (sorted[i - 1] ?? 0) > 3).length;
    // (No named function in here: the test's compiler would wrap it in a helper the page does not have.)
    const parts: Record<string, number> = {};
    for (const [name, selector] of Object.entries({
      page: '.app',
      header: '.session-header',
      banner: '.banner-demo',
      transcript: '.transcript',
      strip: '.plan-strip',
      composer: '.composer',
    })) {
      parts[name] = Math.round(doc.querySelector(selector)?.getBoundingClientRect().height ?? 0);
    }
    return { lines, parts };
  });
}

interface Control {
  what: string;
  name: string;
  outline: string;
}

/** Every visible control of the page (buttons, links, fields, the compaction divider's summary), as "tag.class: accessible name or text". */
async function visibleControls(frame: Frame): Promise<string[]> {
  return frame
    .locator('button, a[href], input:not([disabled]), select, textarea, summary')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0 && !(el as unknown as { disabled?: boolean }).disabled)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}: ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`,
        ),
    );
}

/** Tabs through the page from its start: what got the focus, its accessible name or text, and its outline while focused. */
async function tabOrder(frame: Frame, presses: number): Promise<Control[]> {
  await frame
    .locator('.app')
    .evaluate((app) => (app.ownerDocument.activeElement as unknown as { blur?: () => void } | null)?.blur?.());
  const seen: Control[] = [];
  for (let i = 0; i < presses; i++) {
    await frame.locator('body').press('Tab');
    seen.push(
      await frame.locator('.app').evaluate((app) => {
        const el = app.ownerDocument.activeElement;
        if (!el || el === app.ownerDocument.body) return { what: 'body', name: '', outline: '' };
        const style = app.ownerDocument.defaultView?.getComputedStyle(el);
        return {
          what: `${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}: ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`,
          // aria-label, else its <label>'s text, else the control's own text.
          name:
            el.getAttribute('aria-label') ??
            (
              el as unknown as { labels?: ArrayLike<{ textContent: string | null }> }
            ).labels?.[0]?.textContent?.trim() ??
            el.textContent?.trim() ??
            '',
          outline: `${style?.outlineStyle ?? 'none'} ${style?.outlineWidth ?? '0px'}`,
        };
      }),
    );
  }
  return seen;
}

const RICH_ANSWER = [
  'The guard is in. See [the parser notes](https://example.com/parser) for why empty input reached it, and the table below.',
  '',
  '- [x] Reproduce the crash',
  '- [ ] Add a regression test',
  '',
  '| case | result |',
  '|:--|--:|',
  '| empty | ok |',
  '',
  '```ts',
  'if (input.length === 0) return [];',
  '```',
].join('\n');
const PLAN = [
  'Reproduce the crash',
  'Guard the parser',
  'Add a regression test',
  'Update the changelog',
  'Run the whole suite',
];
/** An answer with every kind of Markdown, a bash call that waits for approval. */
const RICH_SCRIPT = {
  responses: [
    {
      text: RICH_ANSWER,
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: PLAN.map((content, i) => ({
              content,
              status: i < 2 ? 'completed' : i === 2 ? 'in_progress' : 'pending',
            })),
          },
        },
        { name: 'bash', arguments: { command: 'npm test' } },
      ],
    },
    { text: 'Tests pass.' },
  ],
};

describe('a roomy, accessible Agent view at 1400×900 (issue 12)', () => {
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));

  it('notifies with the plan summary when a turn ends while the Agent view is hidden, and Show reveals the view', async () => {
    const { page } = workbench();
    await openAgentView(page);
    // Send Prompt… shows the Agent view; the demo's turn takes several seconds, so the Explorer replaces it while the turn runs.
    await runWorkbenchCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Add validation to the signup form');
    // The turn has written its plan: Send Prompt… has shown the Agent view (before the turn started) and will not again.
    await page.locator('.pane-header[aria-label^="Plan - "]').waitFor();
    await page.locator('.activitybar .action-item a.action-label[aria-label^="Explorer"]').click();
    await page.locator('.pane-header[aria-label^="Plan"]').waitFor({ state: 'hidden' });
    assert.equal(
      ((await readStatusBar(page)) ?? '').startsWith('4/4'),
      false,
      'the turn was still running when the view was hidden',
    );
    const toast = page.locator('.notifications-toasts .notification-toast', {
      hasText: 'The agent finished its turn.',
    });
    await toast.waitFor({ timeout: 90_000 });
    const message = (await toast.locator('.notification-list-item-message').innerText()).replace(/\s+/g, ' ').trim();
    assert.match(message, /^The agent finished its turn\. Plan: \d\/4 done/, message);
    await screenshot(page, 'notification-turn-ended.png');
    await toast.locator('.monaco-button', { hasText: 'Show' }).click();
    const frame = await agentPageFrame(page, 'view');
    await frame.locator('.assistant-text', { hasText: DEMO_DONE }).waitFor({ timeout: 30_000 });
    // This workbench runs in English (code-server's default display language); htmlLang's mapping has unit tests.
    assert.equal(await frame.locator('html').getAttribute('lang'), 'en', 'the page names its language');
  });

  it('shows at least 10 transcript lines with the 4-item plan in the default layout, with one "+" for New Session', async () => {
    const { page } = workbench();
    const frame = await agentPageFrame(page, 'view');
    await frame.locator('.plan-strip').waitFor();
    assert.equal(
      (await frame.getByRole('region', { name: 'Plan', exact: true }).getByRole('listitem').count()) <= 4,
      true,
    );
    const measured = await until(
      () => transcriptLines(frame),
      (m) => m.lines >= 10,
      'ten transcript lines',
      10_000,
    ).catch(async () => transcriptLines(frame));
    await screenshot(page, 'layout-1400x900.png');
    console.log(`[layout] default: ${measured.lines} transcript lines; heights ${JSON.stringify(measured.parts)}`);
    assert.ok(measured.lines >= 10, `only ${measured.lines} transcript lines: ${JSON.stringify(measured.parts)}`);
    assert.equal(
      await frame.getByRole('button', { name: 'New Session', exact: true }).count(),
      1,
      'the header has the one "+"',
    );
    const titleActions = page.locator('.pane-header[aria-label^="Agent"] .actions .action-label');
    const labels = await titleActions.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    assert.equal(
      labels.filter((l) => l.startsWith('New Session')).length,
      0,
      `no "+" in the view title: ${labels.join(', ')}`,
    );

    await frame.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await frame.locator('.banner-demo').waitFor({ state: 'detached' });
    const roomier = await transcriptLines(frame);
    console.log(
      `[layout] demo banner dismissed: ${roomier.lines} transcript lines; heights ${JSON.stringify(roomier.parts)}`,
    );
    assert.ok(roomier.lines >= measured.lines);
    await screenshot(page, 'layout-1400x900-banner-dismissed.png');
  });

  it('Open in Editor shows the same session in an editor tab, and invoking it again reveals that tab', async () => {
    const { page } = workbench();
    await runWorkbenchCommand(page, 'Agent Checklist: Open in Editor');
    const editor = await agentPageFrame(page, 'editor');
    await editor.locator('.assistant-text', { hasText: DEMO_DONE }).waitFor({ timeout: 30_000 });
    const view = await agentPageFrame(page, 'view');
    const titleOf = (f: Frame) => f.getByRole('heading', { level: 1 }).innerText();
    assert.equal(await titleOf(editor), await titleOf(view), 'the same session');
    assert.equal(
      await editor.getByRole('button', { name: /^Plan \d/ }).innerText(),
      await view.getByRole('button', { name: /^Plan \d/ }).innerText(),
      'the same plan',
    );
    await screenshot(page, 'open-in-editor.png');
    await runWorkbenchCommand(page, 'View: Close All Editors').catch(() => undefined);
    await page.locator('.tabs-container .tab').waitFor({ state: 'detached' });
    await runWorkbenchCommand(page, 'Agent Checklist: Open in Editor');
    // As a user would, invoke it again once the tab shows its page (a page still loading takes the focus, closing the palette).
    await (
      await agentPageFrame(page, 'editor')
    )
      .locator('.assistant-text', { hasText: DEMO_DONE })
      .waitFor({ timeout: 30_000 });
    await runWorkbenchCommand(page, 'Agent Checklist: Open in Editor');
    assert.equal(await page.locator('.tabs-container .tab').count(), 1, 'one tab, revealed rather than opened twice');
    await runWorkbenchCommand(page, 'View: Close All Editors');
  });
});

describe('the Agent view under a standard audit (issue 12)', () => {
  const scripted = openForSuite(() => openScriptedWorkbench(RICH_SCRIPT));

  it('axe-core in the Agent view finds no violation in the light, dark and high-contrast themes', async () => {
    const { page } = scripted().workbench;
    const frame = await openAgentView(page);
    await sendPrompt(frame, 'Guard the parser against empty input');
    await frame.locator('.approval').waitFor({ timeout: 30_000 });
    await frame.locator('.markdown a', { hasText: 'the parser notes' }).waitFor();
    await frame.getByRole('button', { name: /^Plan \d/ }).click(); // audit the strip's items too
    await frame.getByRole('region', { name: 'Plan', exact: true }).getByRole('listitem').first().waitFor();
    const found: Record<string, unknown> = {};
    // The color theme picker sets workbench.colorTheme (Default Light Modern, Default Dark Modern, Default High Contrast).
    for (const [label, kind] of [
      [LIGHT_THEME_LABEL, false],
      [DARK_THEME_LABEL, true],
      [HIGH_CONTRAST_THEME_LABEL, 'high-contrast'],
    ] as const) {
      await page.locator('.activitybar').click({ position: { x: 24, y: 700 } });
      await setTheme(page, label, kind);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the webview's theme variables follow the workbench's
      // In view, so axe can compare the link's colours with the text around it (obscured, it can only say "incomplete").
      await frame.locator('.markdown a', { hasText: 'the parser notes' }).scrollIntoViewIfNeeded();
      const { violations, passed, incomplete } = await axeAudit(frame);
      assert.ok(passed.length >= 15, `axe ran its rules over the page (${passed.length} passed)`);
      await screenshot(page, `axe-${label.toLowerCase().replace(/\s+/g, '-')}.png`);
      found[label] = violations;
      console.log(
        `[axe] ${label}: ${passed.length} rules passed, ${violations.length} violation(s) ${JSON.stringify(violations)}; could not decide: ${incomplete.join(', ') || 'none'}`,
      );
      if (violations.length === 0)
        assert.ok(
          passed.includes('link-in-text-block'),
          `axe judged the link in the answer (incomplete: ${incomplete.join(', ')})`,
        );
    }
    assert.deepEqual(found, { [LIGHT_THEME_LABEL]: [], [DARK_THEME_LABEL]: [], [HIGH_CONTRAST_THEME_LABEL]: [] });

    // Every visible control is reached by Tab, has a name, and shows a focus outline.
    const controls = await visibleControls(frame);
    const order = await tabOrder(frame, controls.length + 2);
    console.log(
      `[keyboard] ${controls.length} controls; tab order: ${order.map((c) => `${c.what} [${c.outline}]`).join(' | ')}`,
    );
    for (const control of controls)
      assert.ok(
        order.some((c) => c.what === control),
        `Tab reaches ${control}`,
      );
    for (const c of order.filter((c) => c.what !== 'body')) {
      assert.ok(c.name.trim(), `${c.what} has a name`);
      assert.ok(
        !c.outline.startsWith('none') && !c.outline.endsWith(' 0px'),
        `${c.what} shows its focus (${c.outline})`,
      );
    }
    await frame.locator('.approval button', { hasText: 'Deny' }).click();
  });
});
