// Types of scripts/webview-build.mjs for the TypeScript that imports it (the webview bundle tests).
import type { BuildOptions } from 'esbuild';

export const WEBVIEW_CHUNKS: Readonly<Record<string, string>>;
/** `production` leaves the `data-testid` attributes out (scripts/webview-test-ids.mjs). */
export function webviewConfigs(common?: BuildOptions, options?: { production?: boolean }): BuildOptions[];
