import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { webviewHtml } from '../../../extension/src/vscode/agent-view/webview-html';

/** The page's `<html lang>` when VS Code's display language is `language` (a webview that serves assets as they are). */
function langOfPage(language: string): string | undefined {
  const dist = { path: '/dist/webview', with: ({ path }: { path: string }) => ({ path, toString: () => path }) };
  const webview = { cspSource: 'vscode-resource:', asWebviewUri: (uri: vscode.Uri) => uri };
  const html = webviewHtml(webview as unknown as vscode.Webview, dist as unknown as vscode.Uri, 'Loading…', language);
  return /<html lang="([^"]*)">/.exec(html)?.[1];
}

describe("the Agent page's <html lang>", () => {
  it("is VS Code's display language as a BCP 47 tag", () => {
    assert.equal(langOfPage('en'), 'en');
    assert.equal(langOfPage('zh-cn'), 'zh-CN');
    assert.equal(langOfPage('zh-tw'), 'zh-TW');
    assert.equal(langOfPage('pt-br'), 'pt-BR');
    assert.equal(langOfPage('DE'), 'de');
  });

  it('falls back to English for an id that is not a language tag (nothing else reaches the attribute)', () => {
    assert.equal(langOfPage(''), 'en');
    assert.equal(langOfPage('"><script>'), 'en');
    assert.equal(langOfPage('en-US-x-private'), 'en');
  });
});
