// The Agent view's page: one module script with a fresh nonce, styles from the
// extension only, no inline script or handlers, nothing from the network. The chunks
// main.js loads later with import() (scripts/webview-build.mjs) inherit the module
// script's nonce, so `script-src` stays the nonce alone. Until the first
// snapshot (which brings every string) the page shows the host's localized
// `loading` line, written here as text.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

export function webviewHtml(webview: vscode.Webview, distWebview: vscode.Uri, loading: string): string {
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
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${asset('codicon.css')}">
<link rel="stylesheet" href="${asset('main.css')}">
<title>Agent</title>
</head>
<body>
<div id="root"><main class="app loading">${escapeHtml(loading)}</main></div>
<script type="module" nonce="${nonce}" src="${asset('main.js')}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function joinUri(base: vscode.Uri, name: string): vscode.Uri {
  return base.with({ path: `${base.path.replace(/\/$/, '')}/${name}` });
}
