// Every webview string has a Simplified Chinese translation in the l10n bundle the
// host reads with vscode.l10n.t(english), keeping its {n} placeholders; the host sends
// every key (English where a translation is empty) and the webview fills placeholders as text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { localizeStrings, WEBVIEW_STRING_KEYS, WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';
import { format } from '../../../extension/src/core/text-template';

const bundleSchema = z.record(z.string(), z.string());
const placeholders = (text: string): string[] => (text.match(/\{\d+\}/g) ?? []).sort();

describe('webview strings', () => {
  it('are all translated in l10n/bundle.l10n.zh-cn.json with the same placeholders', () => {
    const zh = bundleSchema.parse(JSON.parse(readFileSync('l10n/bundle.l10n.zh-cn.json', 'utf8')));
    for (const english of Object.values(WEBVIEW_STRINGS)) {
      const translated = zh[english];
      assert.ok(translated, `no translation for ${JSON.stringify(english)}`);
      assert.deepEqual(placeholders(translated), placeholders(english), english);
    }
  });

  it('are localized key by key, every key, English where the translation is empty', () => {
    const zh: Record<string, string> = { [WEBVIEW_STRINGS.plan]: '计划', [WEBVIEW_STRINGS.send]: '' };
    const strings = localizeStrings((english) => zh[english] ?? english);
    assert.deepEqual(Object.keys(strings).sort(), [...WEBVIEW_STRING_KEYS].sort());
    assert.equal(strings.plan, '计划');
    assert.equal(strings.send, WEBVIEW_STRINGS.send);
    assert.equal(strings.stop, WEBVIEW_STRINGS.stop);
  });

  it('fill placeholders literally (no $-patterns, no HTML)', () => {
    assert.equal(format('Completed: {0}', '$& <b>x</b>'), 'Completed: $& <b>x</b>');
    assert.equal(format('{0}/{1} done', 2, 4), '2/4 done');
    assert.equal(format('{1} stays', 'a'), '{1} stays');
  });
});
