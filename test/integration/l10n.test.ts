// Localization as the installed extension carries it: package.nls (English and
// Simplified Chinese) for the manifest, l10n bundles for vscode.l10n (host strings
// and every webview string), and the strings the host hands the Agent view. This
// run's UI language is English; the Chinese bundle is checked for completeness
// (VS Code loads it when the display language is zh-cn).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { REMOTE_PROVIDERS } from '../../extension/src/core/agent/providers/remote-catalog';
import { WEBVIEW_STRINGS } from '../../extension/src/core/protocol/strings';
import { FOLLOWED_AGENTS } from '../../extension/src/core/import/followed-agents';
import { EXTENSION_ID, getApi, waitFor } from './helpers';

const bundleSchema = z.record(z.string(), z.string());

function extensionPath(): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  return extension.extensionPath;
}

const readJson = (file: string): Record<string, string> =>
  bundleSchema.parse(JSON.parse(fs.readFileSync(path.join(extensionPath(), file), 'utf8')));

/** Every literal vscode.l10n.t('…') message in the extension's VS Code adapters. */
function hostMessages(): string[] {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts'))
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bl10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g))
          out.add((m[1] ?? '').replace(/\\'/g, "'"));
    }
  };
  walk(path.join(extensionPath(), 'extension', 'src', 'vscode'));
  return [...out];
}

describe('localization', () => {
  it('ships the manifest strings in English and Simplified Chinese, every %key% resolved', () => {
    const en = readJson('package.nls.json');
    const zh = readJson('package.nls.zh-cn.json');
    assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort(), 'the same keys in both languages');
    for (const [key, text] of Object.entries(zh)) assert.ok(text.trim(), `${key} has a Chinese text`);
    const manifest = fs.readFileSync(path.join(extensionPath(), 'package.json'), 'utf8');
    const used = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1] ?? '');
    assert.ok(used.length > 20);
    for (const key of used) assert.ok(key in en, `package.json uses %${key}%, which package.nls.json defines`);
    const commands: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands;
    assert.ok(Array.isArray(commands));
    assert.ok(
      commands.some((c: { title: string }) => c.title === 'Export Plan'),
      'VS Code read the English titles from package.nls.json',
    );
  });

  it('has an l10n bundle covering every host message and every webview string, with a Chinese text for each', () => {
    const packageJson: unknown = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON;
    assert.equal(z.object({ l10n: z.string() }).parse(packageJson).l10n, './l10n');
    const en = readJson('l10n/bundle.l10n.json');
    const zh = readJson('l10n/bundle.l10n.zh-cn.json');
    // The Set API Key picker localizes each remote provider's description from the catalog.
    const needed = [
      ...hostMessages(),
      ...Object.values(WEBVIEW_STRINGS),
      ...Object.values(REMOTE_PROVIDERS).map((p) => p.description),
      // The plan notice and its button, localized by the host from each followed agent's descriptor.
      ...FOLLOWED_AGENTS.flatMap((a) => (a.planToolOff ? [a.planToolOff.text, a.planToolOff.action.label] : [])),
    ];
    assert.ok(needed.length > 60);
    for (const message of needed) {
      assert.equal(en[message], message, `bundle.l10n.json has "${message}"`);
      assert.ok(zh[message]?.trim(), `bundle.l10n.zh-cn.json translates "${message}"`);
      const placeholders = (text: string): string[] => [...text.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();
      assert.deepEqual(
        placeholders(zh[message] ?? ''),
        placeholders(message),
        `the translation of "${message}" keeps its placeholders`,
      );
    }
    assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  });

  it('sends the Agent view every string, through vscode.l10n, placeholders left for the page to fill', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.agent.focus');
    await waitFor(() => api.webview().ready, 'the Agent view to say ready');
    await vscode.commands.executeCommand('agentChecklist.newSession'); // a fresh snapshot
    const snapshot = api
      .webviewMessages()
      .filter((m) => m.type === 'snapshot')
      .at(-1);
    assert.ok(snapshot?.type === 'snapshot' && snapshot.strings, 'a snapshot with strings');
    assert.deepEqual(
      snapshot.strings,
      { ...WEBVIEW_STRINGS },
      'English here: each string is its English text, "{0}" untouched',
    );
  });
});
