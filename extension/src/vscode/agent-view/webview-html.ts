// The Agent view's page: one module script with a fresh nonce, styles from the
// extension only, no inline script or handlers, nothing from the network. The chunks
// main.js loads later with import() (scripts/webview-build.mjs) inherit the module
// script's nonce, so `script-src` stays the nonce alone. Until the first
// snapshot (which brings every string) the page shows the host's localized
// `loading` line, written here as text. `<html lang>` is VS Code's display language
// (vscode.env.language), so a screen reader reads a Chinese page as Chinese. Another
// page (the Plan Board's) is the same page with its own script, style and title.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

export function webviewHtml(
  webview: vscode.Webview,
  distWebview: vscode.Uri,
  loading: string,
  language: string,
  page: { name: string; title: string } = { name: 'main', title: 'Agent' },
): string {
  const nonce = randomBytes(18).toString('base64url');
  const asset = (name: string): string => webview.asWebviewUri(joinUri(distWebview, name)).toString();
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${htmlLang(language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}">
<link rel="stylesheet" href="${asset(`${page.name}.css`)}">
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<div id="root"><main class="app loading">${escapeHtml(loading)}</main></div>
<script type="module" nonce="${nonce}" src="${asset(`${page.name}.js`)}"></script>
</body>
</html>`;
}

/** VS Code's language id (`en`, `zh-cn`, `pt-br`) as a BCP 47 tag for `<html lang>`; `en` for anything else. */
function htmlLang(language: string): string {
  const match = /^([a-z]{2,3})(?:-([a-z0-9]{2,8}))?$/i.exec(language);
  if (!match?.[1]) return 'en';
  const region = match[2];
  return region
    ? `${match[1].toLowerCase()}-${region.length === 2 ? region.toUpperCase() : region}`
    : match[1].toLowerCase();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function joinUri(base: vscode.Uri, name: string): vscode.Uri {
  return base.with({ path: `${base.path.replace(/\/$/, '')}/${name}` });
}
