// Driving the real VS Code workbench (code-server) in Debian's Chromium: open it,
// run commands from the palette, and read the status bar, the Plan tree and the
// Agent webview from the page. Selectors are the workbench's own; how the tier runs
// offline is in docs/development.md.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/vscode-server/browser.mjs';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { makeTempDir, startServer, workbenchUrl, type RunningServer } from '../../scripts/vscode-server/server.mjs';
import { installVsix } from '../../scripts/vscode-server/vsix.mjs';

/** The workbench page's first load, generous for a machine busy with other work. */
const PAGE_LOAD_DEADLINE_MS = 120_000;
/**
 * How long a wait for a state of the workbench may take before it fails: every wait
 * (Playwright's waits and `until`) polls for the state it needs and returns as soon as
 * it holds, so this bound is for a busy machine (an extension host restarting beside
 * another build or test run), not a time a quiet one needs.
 */
export const STATE_DEADLINE_MS = 120_000;
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');
export const LIGHT_THEME = 'Default Light Modern';
/** Theme labels as the color theme picker lists them. */
export const LIGHT_THEME_LABEL = 'Light Modern';
export const DARK_THEME_LABEL = 'Dark Modern';
/** The picker's label of "Default High Contrast". */
export const HIGH_CONTRAST_THEME_LABEL = 'Dark High Contrast';

export interface Workbench {
  page: Page;
  server: RunningServer;
  workspace: string;
  settings: Record<string, unknown>;
  close(): Promise<void>;
}

export interface ScriptedWorkbench {
  workbench: Workbench;
  /** The scripted model file; rewrite it to change what the next turn plays. */
  scriptPath: string;
  close(): Promise<void>;
}

/** A workbench with the extension from the working tree and the scripted model playing `script`. */
export async function openScriptedWorkbench(
  script: unknown,
  settings: Record<string, unknown> = {},
): Promise<ScriptedWorkbench> {
  const scriptDir = makeTempDir('e2e-script');
  const scriptPath = path.join(scriptDir, 'model.json');
  fs.writeFileSync(scriptPath, JSON.stringify(script));
  const workbench = await openWorkbench({
    extensionDevelopmentPath: REPO_ROOT,
    settings: { 'agentChecklist.provider': 'scripted', 'agentChecklist.scripted.scriptPath': scriptPath, ...settings },
  });
  return {
    workbench,
    scriptPath,
    close: async () => {
      await workbench.close();
      fs.rmSync(scriptDir, { recursive: true, force: true });
    },
  };
}

/**
 * The VSIX `run-e2e.mjs --vsix` runs the suites against: then a suite that asks for the
 * extension from the working tree gets it installed from this VSIX instead, as a user has it.
 */
export const INSTALLED_VSIX = process.env.AGENT_CHECKLIST_E2E_VSIX;

/**
 * Starts a server and opens its workbench. With `extensionDevelopmentPath` the
 * extension is loaded from the working tree (or installed from INSTALLED_VSIX, when
 * set); without, only installed ones run.
 */
export async function openWorkbench(options: {
  settings?: Record<string, unknown>;
  extensionDevelopmentPath?: string;
  userDataDir?: string;
  extensionsDir?: string;
  /** Open a multi-root workspace instead of the folder: writes its `.code-workspace` file under the temp folder and returns its path. */
  workspaceFile?: (workspace: string) => string;
}): Promise<Workbench> {
  const workspace = makeTempDir('e2e-ws');
  const workspaceFile = options.workspaceFile?.(workspace);
  const settings = { 'workbench.colorTheme': LIGHT_THEME, ...options.settings };
  const userDataDir = options.userDataDir ?? makeTempDir('ud');
  const vsix = options.extensionDevelopmentPath !== undefined ? INSTALLED_VSIX : undefined;
  const developmentPath = vsix ? undefined : options.extensionDevelopmentPath;
  const extensionsDir = vsix ? installVsix(vsix, userDataDir).extensionsDir : options.extensionsDir;
  const server = await startServer({ workspace, settings, userDataDir, ...(extensionsDir ? { extensionsDir } : {}) });
  const browser = await launchBrowser();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(STATE_DEADLINE_MS);
  const close = async (): Promise<void> => {
    await browser.close();
    await server.stop();
    // The extension host (a child of the server) may still be writing its workspace
    // storage for a moment after the server exits: retried, as rm -rf would be again.
    for (const folder of [server.userDataDir, workspace])
      fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    const url = workbenchUrl(server.url, {
      folder: workspace,
      ...(workspaceFile ? { workspace: workspaceFile } : {}),
      ...(developmentPath ? { extensionDevelopmentPath: developmentPath } : {}),
    });
    await page.goto(url, { timeout: PAGE_LOAD_DEADLINE_MS });
    await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: STATE_DEADLINE_MS });
    await page.locator('#workbench\\.parts\\.statusbar').waitFor();
    if (vsix && /Extension Development Host/.test(await page.title()))
      throw new Error('the workbench runs a development extension, not the one installed from the VSIX');
  } catch (error) {
    await close();
    throw error;
  }
  return { page, server, workspace, settings, close };
}

/** Polls `read` until `accept` holds; on the deadline, fails with the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  deadlineMs = STATE_DEADLINE_MS,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

/**
 * Opens the Agent Checklist container from the activity bar. Its icon toggles, and
 * right after a (re)load the workbench may restore the container just as the test
 * clicks and so close it: click while the icon is not checked until the Plan pane
 * shows (each click given a few seconds to show it, all of them STATE_DEADLINE_MS).
 */
export async function openContainer(page: Page): Promise<void> {
  const icon = page.locator('.activitybar .action-item:has(a.action-label[aria-label^="Agent Checklist"])');
  await icon.waitFor();
  const end = Date.now() + STATE_DEADLINE_MS;
  while (!(await planPane(page).isVisible()) && Date.now() < end) {
    const checked = (await icon.getAttribute('class'))?.split(/\s+/).includes('checked') ?? false;
    if (!checked) await icon.locator('a.action-label').click();
    await planPane(page)
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
  }
  if (!(await planPane(page).isVisible())) throw new Error('gave up waiting for the Agent Checklist container');
}

export async function runCommand(page: Page, title: string): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  // The palette closes when something else takes the focus (a webview that finishes loading): open it again, nothing has run yet.
  const end = Date.now() + STATE_DEADLINE_MS;
  for (;;) {
    await page.keyboard.press('F1');
    await input.waitFor();
    const filled = await input.fill(`>${title}`, { timeout: 5_000 }).then(
      () => true,
      (error: unknown) => (Date.now() < end ? false : Promise.reject(error)),
    );
    if (filled) break;
  }
  // The row whose label is exactly the title (a fuzzy match may rank another first);
  // its aria-label may go on with the keybinding: "<title>, Control+K Control+T".
  const quoted = JSON.stringify(title);
  const quotedPrefix = JSON.stringify(`${title},`);
  const row = page
    .locator(
      `.quick-input-list .monaco-list-row:visible[aria-label=${quoted}], .quick-input-list .monaco-list-row:visible[aria-label^=${quotedPrefix}]`,
    )
    .first();
  await row.click();
}

/** Answers the input box a command opened (its title names the command). */
export async function answerInputBox(page: Page, title: string, text: string): Promise<void> {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor();
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(text);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** Our status bar entry (its element id ends with the item id), or null when absent or hidden. */
export async function readStatusBar(page: Page): Promise<string | null> {
  const item = page.locator('#workbench\\.parts\\.statusbar .statusbar-item[id$="agentChecklist.plan"]');
  if ((await item.count()) === 0 || !(await item.first().isVisible())) return null;
  return (await item.first().innerText()).replace(/\s+/g, ' ').trim();
}

/** Our status bar entry's text and the codicons it shows (spinning ones marked `~spin`), or null when absent or hidden. */
export async function readStatusBarItem(page: Page): Promise<{ text: string; icons: string[] } | null> {
  const item = page.locator('#workbench\\.parts\\.statusbar .statusbar-item[id$="agentChecklist.plan"]');
  if ((await item.count()) === 0 || !(await item.first().isVisible())) return null;
  const text = (await item.first().innerText()).replace(/\s+/g, ' ').trim();
  const icons = await item
    .first()
    .locator('.codicon')
    .evaluateAll((elements) =>
      elements.map((el) => {
        const classes = [...el.classList];
        const name =
          classes.find((c) => c.startsWith('codicon-') && c !== 'codicon-modifier-spin')?.replace(/^codicon-/, '') ??
          '';
        return classes.includes('codicon-modifier-spin') ? `${name}~spin` : name;
      }),
    );
  return { text, icons };
}

export async function statusBarCount(page: Page): Promise<number> {
  return page.locator('#workbench\\.parts\\.statusbar .statusbar-item[id$="agentChecklist.plan"]').count();
}

function planPane(page: Page) {
  return page.locator('.pane:has(.pane-header[aria-label*="Plan"])');
}

export interface TreeRow {
  label: string;
  description: string;
  icon: string;
  /** The icon spins (codicon-modifier-spin). */
  spinning: boolean;
  level: string | null;
}

export async function readTree(page: Page): Promise<TreeRow[]> {
  const rows = planPane(page).locator('.monaco-list-row[role=treeitem]');
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const icon = row.querySelector('.custom-view-tree-node-item-icon, .codicon');
      const codicon = icon
        ? [...icon.classList].find((c) => c.startsWith('codicon-') && c !== 'codicon-modifier-spin')
        : undefined;
      return {
        label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
        description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
        icon: codicon?.replace(/^codicon-/, '') ?? '',
        spinning: icon?.classList.contains('codicon-modifier-spin') ?? false,
        level: row.getAttribute('aria-level'),
      };
    }),
  );
}

/**
 * Runs a palette command with the workbench focused: a key pressed while the focus
 * is inside a webview never reaches the workbench, so first click the activity
 * bar's empty space (which takes the focus out of the frame and does nothing else).
 */
export async function runWorkbenchCommand(page: Page, title: string): Promise<void> {
  await page.locator('.activitybar').click({ position: { x: 24, y: 700 } });
  await runCommand(page, title);
}

/**
 * Reloads the window as VS Code does (Developer: Reload Window, which Ctrl+R runs in
 * an Extension Development Host): the workbench writes its UI state (open editors,
 * layout) and only then reloads. A browser reload (`page.reload()`) does not wait
 * for that: the web workbench writes that state when idle every 5 s, and at unload
 * only starts a write it cannot await (VS Code 1.100 `BrowserLifecycleService`), so
 * a browser reload soon after opening a tab may come back without it.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: STATE_DEADLINE_MS });
  await runWorkbenchCommand(page, 'Developer: Reload Window');
  await loaded;
  await page.locator('.monaco-workbench .activitybar').waitFor({ timeout: STATE_DEADLINE_MS });
}

/**
 * The content frame of the side bar's page or the editor tab's: webview iframes sit
 * in an overlay of the workbench, so they are told apart by where they are drawn.
 */
export async function agentPageFrame(page: Page, where: 'view' | 'editor'): Promise<Frame> {
  const deadline = Date.now() + STATE_DEADLINE_MS;
  for (;;) {
    const sideBar = await page.locator('#workbench\\.parts\\.sidebar').boundingBox();
    for (const outer of await page.locator('iframe.webview.ready').elementHandles()) {
      const box = await outer.boundingBox();
      if (!box || box.width === 0) continue;
      const inSideBar = sideBar !== null && box.x + box.width / 2 < sideBar.x + sideBar.width; // no side bar: every page is in the editor area
      if ((where === 'view') !== inSideBar) continue;
      // A page still loading has no content frame yet: look again on the next round.
      const inner = await (
        await outer.contentFrame()
      )
        ?.locator('iframe#active-frame')
        .elementHandle({ timeout: 10_000 })
        .catch(() => null);
      const frame = await inner?.contentFrame();
      if (frame) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no Agent page in the ${where === 'view' ? 'side bar' : 'editor area'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The Agent view's page (nested frames of the webview host). */
export function agentFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/**
 * The Agent view's document as a Frame (for evaluate/waitForFunction), once its
 * nested frames are there. The FrameLocator above is for reading; this is for
 * installing observers in the page itself.
 */
export async function agentFrameHandle(page: Page): Promise<Frame> {
  const outer = await page.locator('iframe.webview.ready').elementHandle({ timeout: STATE_DEADLINE_MS });
  const outerFrame = await outer.contentFrame();
  const inner = await outerFrame?.locator('iframe#active-frame').elementHandle({ timeout: STATE_DEADLINE_MS });
  const frame = await inner?.contentFrame();
  if (!frame) throw new Error('the Agent webview has no content frame');
  return frame;
}

export interface StripState {
  visible: boolean;
  header: string;
  /** The per-status counts alone (`1 completed · 2 in progress`). */
  counts: string;
  expanded: string | null;
  items: { content: string; status: string | null }[];
}

export async function readStrip(frame: FrameLocator): Promise<StripState> {
  const strip = frame.locator('.plan-strip');
  if ((await strip.count()) === 0) return { visible: false, header: '', counts: '', expanded: null, items: [] };
  const header = frame.locator('.plan-strip .plan-header');
  const counts = frame.locator('.plan-strip .plan-counts');
  return {
    visible: await strip.isVisible(),
    header: ((await header.innerText()) ?? '').replace(/\s+/g, ' ').trim(),
    counts: (await counts.count()) ? ((await counts.innerText()) ?? '').trim() : '',
    expanded: await header.getAttribute('aria-expanded'),
    items: await frame.locator('.plan-strip .plan-item').evaluateAll((elements) =>
      elements.map((li) => ({
        content: li.querySelector('.plan-item-content')?.textContent ?? '',
        status: li.getAttribute('data-status'),
      })),
    ),
  };
}

/** Expands the plan strip (collapsed to its header by default; the page may remember it expanded) and waits until it is. */
export async function expandStrip(frame: FrameLocator): Promise<void> {
  const header = frame.locator('.plan-strip .plan-header');
  await header.waitFor();
  // From the keyboard: a workbench hover (the activity bar's tooltip) may cover the strip and take a click.
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.press('Enter');
  await frame.locator('.plan-strip .plan-header[aria-expanded="true"]').waitFor();
}

/** The todo_write rows of the Agent view's transcript: the summary and the separate `+n` (null when absent). */
export async function readTodoRows(frame: FrameLocator): Promise<{ summary: string; more: string | null }[]> {
  return frame.locator('.item-tool[data-tool="todo_write"]').evaluateAll((rows) =>
    rows.map((row) => ({
      summary: row.querySelector('.tool-summary')?.textContent?.trim() ?? '',
      more: row.querySelector('.tool-more')?.textContent?.trim() ?? null,
    })),
  );
}

/** Switches the color theme through "Preferences: Color Theme" (its picker shows the label). */
export async function setTheme(page: Page, label: string, dark: boolean | 'high-contrast'): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const row = page.locator('.quick-input-list .monaco-list-row:visible', { hasText: label }).first();
  await row.waitFor(); // the theme picker is open (it lists every theme)
  await input.fill(label);
  await row.waitFor();
  await page.keyboard.press('Enter');
  const kind =
    dark === 'high-contrast'
      ? '.monaco-workbench.hc-black'
      : dark
        ? '.monaco-workbench.vs-dark'
        : '.monaco-workbench.vs';
  await page.locator(kind).waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  await page.screenshot({ path: file });
  return file;
}

/**
 * The extension's own session folders for this server (its workspace storage:
 * <user-data>/User/workspaceStorage/<hash>/agent-checklist.agent-checklist/sessions),
 * once the extension has made them (at activation).
 */
export function sessionDirs(userDataDir: string): string[] {
  const root = path.join(userDataDir, 'User', 'workspaceStorage');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .map((hash) => path.join(root, hash, 'agent-checklist.agent-checklist', 'sessions'))
    .filter((dir) => fs.existsSync(dir));
}

/** The session logs the extension wrote for this server (in sessionDirs). */
export function sessionLogFiles(userDataDir: string): string[] {
  const files: string[] = [];
  for (const dir of sessionDirs(userDataDir))
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.jsonl')) files.push(path.join(dir, name));
  return files.sort();
}
