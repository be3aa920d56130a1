import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { htmlLang } from '../../../extension/src/vscode/agent-view/webview-html';

describe("the Agent page's <html lang>", () => {
  it("is VS Code's display language as a BCP 47 tag", () => {
    assert.equal(htmlLang('en'), 'en');
    assert.equal(htmlLang('zh-cn'), 'zh-CN');
    assert.equal(htmlLang('zh-tw'), 'zh-TW');
    assert.equal(htmlLang('pt-br'), 'pt-BR');
    assert.equal(htmlLang('DE'), 'de');
  });

  it('falls back to English for an id that is not a language tag (nothing else reaches the attribute)', () => {
    assert.equal(htmlLang(''), 'en');
    assert.equal(htmlLang('"><script>'), 'en');
    assert.equal(htmlLang('en-US-x-private'), 'en');
  });
});
