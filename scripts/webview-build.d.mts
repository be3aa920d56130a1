// Types of scripts/webview-build.mjs for the TypeScript that imports it (the webview bundle tests).
import type { BuildOptions } from 'esbuild';

export const WEBVIEW_CHUNKS: Readonly<Record<string, string>>;
/** esbuild configs of main.js and every chunk; `common` is the build's shared options. */
export function webviewConfigs(common?: BuildOptions): BuildOptions[];
