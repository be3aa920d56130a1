// The extension as a user installs it: `npm run package`'s VSIX, installed with
// code-server's --install-extension (scripts/run-integration.mjs --vsix), runs in this
// extension host with no development path, so in Production mode and with no test API.
// Everything here goes through VS Code's public API: the extension's commands and
// settings, and the documents its commands open (Export Plan's Markdown). The strip,
// the Plan tree and the status bar of the same installed copy are read from the page
// by the e2e tier (test/e2e/vsix.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TodoItem } from '../../../extension/src/core/domain-literals';
import { LoopbackModel } from '../loopback-model';

const EXTENSION_ID = 'agent-checklist.agent-checklist';
/** The demo session's plan as it stands at its end (dist/demo/demo-script.json). */
const DEMO_PLAN = [
  'List the files at the top of the workspace',
  'Read one of those files',
  'Search the workspace for TODO and FIXME notes',
  "Find the workspace's Markdown files",
];
const PROVIDER_PLAN: TodoItem[] = [
  { content: 'Read the rate limiter', status: 'completed' },
  { content: 'Retry after the server says so', status: 'completed' },
];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function installedExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this extension host`);
  return extension;
}

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('agentChecklist').update(key, value, vscode.ConfigurationTarget.Global);
}

/** The standing plan's lines (`- [x] …`) of what Export Plan opens; the untitled editor is closed again. */
async function exportedStandingPlan(): Promise<string[]> {
  const uri = await vscode.commands.executeCommand<string | undefined>('agentChecklist.exportPlan');
  assert.ok(uri, 'Export Plan opened a document');
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  assert.ok(document, `the exported document ${uri} is open`);
  const text = document.getText();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  const section = text.split('\n## Standing plan\n')[1]?.split('\n## ')[0] ?? '';
  return section.split('\n').filter((line) => line.startsWith('- ['));
}

/**
 * Runs "Agent Checklist: Set API Key…" as a user would with no key to type (an
 * OpenAI-compatible local server): the picker's first entry (openai), then an empty key.
 * The workbench's own accept command answers each quick input once it shows.
 */
async function storeEmptyOpenAIKey(): Promise<void> {
  let done = false;
  const command = Promise.resolve(vscode.commands.executeCommand('agentChecklist.setApiKey')).finally(
    () => (done = true),
  );
  while (!done) {
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await sleep(50);
  }
  await command;
}

describe('the extension installed from the VSIX', () => {
  it('is the installed copy, activated in Production mode with only its public API', async () => {
    const extension = installedExtension();
    const extensionsDir = process.env.AGENT_CHECKLIST_IT_EXTENSIONS_DIR;
    assert.ok(extensionsDir, 'the runner names the extensions folder it installed the VSIX into');
    const repo = path.resolve(__dirname, '..', '..');
    assert.ok(
      extension.extensionPath.startsWith(extensionsDir + path.sep),
      `${extension.extensionPath} is under ${extensionsDir}`,
    );
    assert.ok(!extension.extensionPath.startsWith(repo + path.sep), 'not the working tree');
    assert.ok(!fs.existsSync(path.join(extension.extensionPath, 'extension', 'src')), 'sources are not shipped');
    assert.ok(!fs.existsSync(path.join(extension.extensionPath, 'dist', 'test-api.js')), 'no test API is shipped');
    const api = await extension.activate();
    assert.ok(extension.isActive);
    assert.deepEqual(Object.keys(api ?? {}), ['registerTool'], 'the public API alone: no test hooks');
  });

  it('plays a prompt with the demo model to its end; Export Plan shows the finished plan', async () => {
    await setSetting('provider', undefined); // the default: demo
    await vscode.commands.executeCommand('agentChecklist.newSession');
    const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Show me how the plan works');
    assert.deepEqual(reason, { kind: 'completed' });
    assert.deepEqual(
      await exportedStandingPlan(),
      DEMO_PLAN.map((content) => `- [x] ${content}`),
    );
  });

  it('an OpenAI-compatible server that answers 429 (retry-after: 0) first: the turn retries, completes and leaves its plan', async () => {
    const model = new LoopbackModel([
      { error: { status: 429, headers: { 'retry-after': '0' }, message: 'rate limited' } },
      { todos: PROVIDER_PLAN },
      { text: 'Done after one retry.' },
    ]);
    const baseUrl = await model.listen();
    try {
      await storeEmptyOpenAIKey();
      await setSetting('openai.baseUrl', baseUrl);
      await setSetting('openai.model', 'loopback-model');
      await setSetting('provider', 'openai');
      await vscode.commands.executeCommand('agentChecklist.newSession');
      const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Plan the retry.');
      assert.deepEqual(reason, { kind: 'completed' }, `the server saw ${model.requests.length} request(s)`);
      assert.equal(model.requests.length, 3, 'the 429, its retry (the plan), and the answer after the tool result');
      assert.deepEqual(model.requests[1], model.requests[0], 'the retry sent the same request again');
      assert.deepEqual(
        await exportedStandingPlan(),
        PROVIDER_PLAN.map((t) => `- [x] ${t.content}`),
      );
    } finally {
      await setSetting('provider', undefined);
      await setSetting('openai.baseUrl', undefined);
      await setSetting('openai.model', undefined);
      model.close();
    }
  });
});
