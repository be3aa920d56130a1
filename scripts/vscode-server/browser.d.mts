// Types for browser.mjs (the e2e tests are TypeScript).
import type { BrowserContext } from 'playwright-core';

export function chromiumPath(): string | null;
export const CHROMIUM_ARGS: string[];
export function launchBrowser(options?: {
  viewport?: { width: number; height: number };
}): Promise<{ context: BrowserContext; close(): Promise<void> }>;
