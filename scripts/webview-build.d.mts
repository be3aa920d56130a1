// Types of scripts/webview-build.mjs for the TypeScript that imports it (the webview bundle tests).
import type { BuildOptions } from 'esbuild';

export const WEBVIEW_CHUNKS: Readonly<Record<string, string>>;
/** Pages of their own (the Plan Board's): module -> its name under dist/webview/. */
export const WEBVIEW_PAGES: Readonly<Record<string, string>>;
/** esbuild configs of main.js, every chunk and every page; `common` is the build's shared options. */
export function webviewConfigs(common?: BuildOptions): BuildOptions[];
