// What a failing e2e test prints about the workbench's webviews, so that a failure
// seen once (on a CI machine, where no screenshot can be looked at) says which part
// did not come up: the webview host frame (VS Code's `pre/index.html`, which waits
// for its service worker before it builds the content frame), the Agent page in it,
// or the extension host (activation, the panel serializer).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

/** Starts recording the page's console (every frame's); the result reads the last messages. */
export function recordConsole(page: Page, keep = 60): () => string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    const url = message.location().url;
    lines.push(
      `[${message.type()}] ${url.slice(url.lastIndexOf('/') + 1, url.lastIndexOf('/') + 40)} ${message.text().slice(0, 300)}`,
    );
    if (lines.length > keep) lines.shift();
  });
  return () => [...lines];
}

/** One line per webview host frame: its classes, where it is drawn, and which content frames it has. */
export async function describeWebviews(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const outer of await page.locator('iframe.webview').elementHandles()) {
    const box = await outer.boundingBox();
    const classes = await outer.getAttribute('class');
    const frame = await outer.contentFrame();
    const inner = frame
      ? await frame
          .locator('iframe')
          .evaluateAll((frames) =>
            frames.map((f) => `${f.id || '(no id)'} ${f.getAttribute('style') ?? ''}`.trim()).join(', '),
          )
          .catch((e: unknown) => `unreadable (${String(e)})`)
      : 'no frame';
    out.push(
      `iframe.${(classes ?? '').replace(/\s+/g, '.')} at ${box ? `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}` : 'not drawn'}; content frames: ${inner || 'none'}`,
    );
  }
  return out.length ? out : ['no webview host frame in the page'];
}

/** The extension host's log lines that say error or warn (code-server writes them under `<user-data>/logs`). */
export function extensionHostProblems(userDataDir: string, keep = 30): string[] {
  const logs = path.join(userDataDir, 'logs');
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/exthost/i.test(full) && full.endsWith('.log')) files.push(full);
    }
  };
  walk(logs);
  const lines = files.flatMap((f) =>
    fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => /\[(error|warning)\]/i.test(l))
      .map((l) => `${path.basename(f)}: ${l.slice(0, 300)}`),
  );
  return lines.slice(-keep);
}

/** Everything above as one message, for an error a test rethrows. */
export async function webviewReport(page: Page, console: () => string[], userDataDir: string): Promise<string> {
  return [
    'webview host frames:',
    ...(await describeWebviews(page)).map((l) => `  ${l}`),
    'extension host errors and warnings:',
    ...extensionHostProblems(userDataDir).map((l) => `  ${l}`),
    'last console messages of the page and its frames:',
    ...console().map((l) => `  ${l}`),
  ].join('\n');
}
