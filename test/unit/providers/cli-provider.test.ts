// `agent-checklist run --provider openai|anthropic`: the key comes only from the
// named environment variable and never shows up in output; a missing key is a
// clear usage error; the whole CLI runs the recorded DeepSeek stream end to end.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { createCliProvider, keyVariableOf } from '../../../extension/src/cli/provider-factory';
import { UsageError } from '../../../extension/src/cli/usage';
import { LoopbackServer, sse } from './loopback-server';
import { textStep } from './openai-wire';
import { loadRecordedTodoWrite, runProviderTurn } from './support';

const KEY = 'sk-cli-secret-9a8b7c6d5e';

function io(env: NodeJS.ProcessEnv, cwd = os.tmpdir()): CliIo & { all: () => string; stdout: string[] } {
  const lines: string[] = [];
  const stdout: string[] = [];
  return {
    env,
    cwd,
    stdout,
    out: (l) => {
      stdout.push(l);
      lines.push(l);
    },
    err: (l) => lines.push(l),
    write: (t) => lines.push(t),
    all: () => lines.join('\n'),
  };
}

function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof UsageError, `expected a UsageError, got ${String(error)}`);
    return error.message;
  }
  assert.fail('expected a UsageError');
}

describe('CLI provider factory', () => {
  it('reads the default variable per provider and base URL', () => {
    assert.equal(keyVariableOf({ provider: 'openai', baseUrl: 'https://api.openai.com/v1' }), 'OPENAI_API_KEY');
    assert.equal(keyVariableOf({ provider: 'openai', baseUrl: 'https://api.deepseek.com' }), 'DEEPSEEK_API_KEY');
    assert.equal(keyVariableOf({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com' }), 'ANTHROPIC_API_KEY');
    const deepseek = createCliProvider(
      { provider: 'openai', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com' },
      io({ DEEPSEEK_API_KEY: KEY }),
    );
    assert.deepEqual([deepseek.id, deepseek.model, deepseek.secretValues?.()], ['openai', 'deepseek-chat', [KEY]]);
    const claude = createCliProvider({ provider: 'anthropic', model: 'claude-x' }, io({ ANTHROPIC_API_KEY: KEY }));
    assert.deepEqual([claude.id, claude.model, claude.secretValues?.()], ['anthropic', 'claude-x', [KEY]]);
  });

  it('explains a missing key by naming the variable, never a value', () => {
    const message = usageError(() =>
      createCliProvider({ provider: 'openai', model: 'm', apiKeyEnv: 'MY_KEY' }, io({ OTHER: KEY })),
    );
    assert.match(message, /MY_KEY, which is not set/);
    assert.match(message, /--api-key-env/);
    assert.ok(!message.includes(KEY));
    assert.match(
      usageError(() => createCliProvider({ provider: 'anthropic', model: 'm' }, io({}))),
      /ANTHROPIC_API_KEY, which is not set/,
    );
    assert.match(
      usageError(() => createCliProvider({ provider: 'anthropic', model: 'm' }, io({ ANTHROPIC_API_KEY: '' }))),
      /is empty/,
    );
  });

  it('refuses a key pasted into --api-key-env without repeating it', () => {
    const message = usageError(() => createCliProvider({ provider: 'openai', model: 'm', apiKeyEnv: KEY }, io({})));
    assert.ok(!message.includes(KEY));
    assert.match(message, /NAME of an environment variable/);
  });

  it('lets an explicitly empty key through for local servers', () => {
    const local = createCliProvider(
      { provider: 'openai', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1', apiKeyEnv: 'OLLAMA_KEY' },
      io({ OLLAMA_KEY: '' }),
    );
    assert.deepEqual([local.id, local.secretValues?.()], ['openai', []], 'no key to send');
  });

  it('needs --model, a usable --base-url and a known provider', () => {
    assert.match(
      usageError(() => createCliProvider({ provider: 'openai' }, io({ OPENAI_API_KEY: KEY }))),
      /needs --model/,
    );
    assert.match(
      usageError(() =>
        createCliProvider({ provider: 'openai', model: 'm', baseUrl: 'ftp://x' }, io({ OPENAI_API_KEY: KEY })),
      ),
      /--base-url/,
    );
    assert.match(
      usageError(() => createCliProvider({ provider: 'gemini' }, io({}))),
      /scripted, openai, anthropic/,
    );
    assert.match(
      usageError(() =>
        createCliProvider({ provider: 'openai', model: 'm', script: 'x.json' }, io({ OPENAI_API_KEY: KEY })),
      ),
      /only for --provider scripted/,
    );
  });

  it('exits 2 with the usage error from main, without printing the key', async () => {
    const out = io({ OPENAI_API_KEY: KEY });
    const code = await main(['run', '--provider', 'openai', '--allow-parallel-in-progress', 'true', 'hi'], out);
    assert.equal(code, 2);
    assert.match(out.all(), /needs --model/);
    assert.ok(!out.all().includes(KEY));
  });
});

const fixture = loadRecordedTodoWrite();

describe('agent-checklist run --provider openai against a loopback server', () => {
  let server: LoopbackServer;
  let dir: string;
  before(async () => {
    server = await LoopbackServer.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-cli-provider-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the recorded turn, prints the plan, and neither output nor log holds the key', async () => {
    server.enqueue(...fixture.steps.map((body) => sse(body)));
    const out = io({ LOOPBACK_KEY: KEY }, dir);
    const args = [
      'run',
      '--provider',
      'openai',
      '--base-url',
      `${server.url}/v1`,
      '--model',
      fixture.manifest.model,
      '--api-key-env',
      'LOOPBACK_KEY',
    ];
    const code = await main(
      [
        ...args,
        '--session-dir',
        'sessions',
        '--allow-parallel-in-progress',
        'true',
        '--json',
        fixture.manifest.first_user_prompt,
      ],
      out,
    );
    assert.equal(code, 0, out.all());
    const summary: unknown = JSON.parse(out.stdout.join(''));
    assert.ok(
      typeof summary === 'object' &&
        summary !== null &&
        'plan' in summary &&
        'finalText' in summary &&
        'logPath' in summary,
    );
    assert.deepEqual(summary.plan, fixture.manifest.standing_plan_at_end);
    assert.equal(summary.finalText, 'DONE');
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${KEY}`);
    assert.ok(!out.all().includes(KEY));
    assert.ok(typeof summary.logPath === 'string' && !fs.readFileSync(summary.logPath, 'utf8').includes(KEY));
  });
});

describe('an OpenAI-compatible server that needs no key', () => {
  it('gets no Authorization header when the key variable is explicitly empty', async () => {
    const server = await LoopbackServer.start([sse(textStep('hello from a local model'))]);
    try {
      const provider = createCliProvider(
        { provider: 'openai', model: 'llama3.2', baseUrl: `${server.url}/v1`, apiKeyEnv: 'OLLAMA_KEY' },
        io({ OLLAMA_KEY: '' }),
      );
      const run = await runProviderTurn(provider, 'hi');
      assert.deepEqual(run.end, { kind: 'completed' });
      assert.equal(server.requests[0]?.headers.authorization, undefined);
    } finally {
      await server.close();
    }
  });
});
