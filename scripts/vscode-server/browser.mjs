// Debian's headless Chromium through playwright-core (never a downloaded browser).
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../prerequisites.mjs';
import { makeTempDir } from './server.mjs';

export { chromiumPath };

/** Flags that keep Chromium off the (closed) network and quiet as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** A fresh persistent context (its own profile folder, removed by close()). */
export async function launchBrowser({ viewport = { width: 1400, height: 900 } } = {}) {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error("Chromium not found: install Debian's chromium (apt-get install chromium) or set CHROME_PATH");
  const profile = makeTempDir('chromium');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const close = async () => {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}
