// Every webview string has a Simplified Chinese translation in the l10n bundle the
// host reads with vscode.l10n.t(english), keeping its {n} placeholders; the webview
// falls back to English for a key the host leaves out and fills placeholders as text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { format, resolveStrings, WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';

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

  it('fall back to English for missing or empty keys and ignore unknown ones', () => {
    const strings = resolveStrings({ plan: '计划', send: '', bogus: 'x' });
    assert.equal(strings.plan, '计划');
    assert.equal(strings.send, WEBVIEW_STRINGS.send);
    assert.equal('bogus' in strings, false);
  });

  it('fill placeholders literally (no $-patterns, no HTML)', () => {
    assert.equal(format('Completed: {0}', '$& <b>x</b>'), 'Completed: $& <b>x</b>');
    assert.equal(format('{0}/{1} done', 2, 4), '2/4 done');
    assert.equal(format('{1} stays', 'a'), '{1} stays');
  });
});
