// The `openai` provider inside the real extension host, against a real HTTP server on
// 127.0.0.1 that replays a real model's stream (test/fixtures/recorded-deepseek):
// settings name the endpoint and model, the key comes from SecretStorage, the plan
// reaches the tree, and the key is in no request but the Authorization header and in
// no log line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { getApi, recordedDeepSeekSteps, setSetting, waitFor } from './helpers';

const KEY = 'sk-integration-test-key-0123456789';

describe('openai provider in the extension', () => {
  it('streams a recorded DeepSeek todo_write through a loopback server into the Plan tree', async () => {
    const steps = recordedDeepSeekSteps();
    const requests: { auth: string | undefined; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body });
        const step = steps[requests.length - 1];
        if (!step) {
          res.writeHead(500).end('{"error":{"message":"no more recorded steps"}}');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(step);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const api = await getApi();
    try {
      await api.storeApiKey('openai', KEY);
      await setSetting('openai.baseUrl', `http://127.0.0.1:${port}/v1`);
      await setSetting('openai.model', 'deepseek-v4-flash');
      await setSetting('provider', 'openai');
      await vscode.commands.executeCommand('agentChecklist.newSession');
      const reason = await vscode.commands.executeCommand(
        'agentChecklist.sendPrompt',
        'Record the plan from the recording.',
      );
      assert.deepEqual(reason, { kind: 'completed' });
      await waitFor(() => api.planTreeRows().length === 3, 'the recorded plan in the tree');
      assert.deepEqual(
        api.planTreeRows().map((r) => r.label),
        ['read the code', 'watch the background build', 'write the fix'],
      );
      assert.equal(requests.length, 2);
      assert.equal(requests[0]?.auth, `Bearer ${KEY}`);
      assert.match(requests[0]?.body ?? '', /"todo_write"/);
      assert.match(requests[0]?.body ?? '', /"model":"deepseek-v4-flash"/);
      const logPath = api.session()?.logPath;
      assert.ok(logPath);
      const log = fs.readFileSync(logPath, 'utf8');
      assert.ok(!log.includes(KEY), 'the key is not in the session log');
      assert.match(log, /"type":"todo\/write"/);
    } finally {
      await setSetting('provider', undefined);
      await setSetting('openai.baseUrl', undefined);
      await setSetting('openai.model', undefined);
      await api.storeApiKey('openai', '');
      server.close();
    }
  });

  it('says what is missing when no model is set, instead of starting a turn', async () => {
    const api = await getApi();
    await setSetting('provider', 'openai');
    try {
      await setSetting('openai.model', undefined);
      const before = api.session()?.id ?? null;
      const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Hello');
      assert.equal(reason, undefined);
      assert.equal(api.session()?.id ?? null, before);
    } finally {
      await setSetting('provider', undefined);
    }
  });
});
