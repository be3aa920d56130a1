// `npm run icon`: renders media/icon.svg to the Marketplace icon media/icon.png
// (128×128) in Debian's headless Chromium through playwright-core, so the PNG is
// made from the committed SVG by a script, never drawn by hand. Both files are
// committed; run it again after changing the SVG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './vscode-server/browser.mjs';
import { REPO_ROOT } from './vscode-server/paths.mjs';

const SIZE = 128;
const svg = readFileSync(join(REPO_ROOT, 'media', 'icon.svg'), 'utf8');
const out = join(REPO_ROOT, 'media', 'icon.png');
const browser = await launchBrowser({ viewport: { width: SIZE, height: SIZE } });
try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
  console.log(out);
} finally {
  await browser.close();
}
