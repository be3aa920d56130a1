// Types of scripts/webview-test-ids.mjs for the TypeScript that imports it (its unit test).
import type { Plugin } from 'esbuild';

export const TEST_ID: 'data-testid';
/** One source file's text to compile (test ids blanked when `strip`), or the line of the first test id written in a form the strip does not remove. */
export function testIdsIn(text: string, strip: boolean): { contents: string; error?: undefined } | { error: { line: number; text: string }; contents?: undefined };
export function webviewTestIds(options: { strip: boolean }): Plugin;
