// Key-gated: with DEEPSEEK_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY set, a real
// model gets the recorded prompt and must answer with a todo_write that lands in a
// valid log. Without a key each case prints that it was skipped and why. The only
// test in the suite that touches the network, and only when a key says so.
// Models: AGENT_CHECKLIST_LIVE_MODEL overrides the defaults below (names age).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelProvider } from '../../../extension/src/core/agent/provider';
import { abortableSleep } from '../../../extension/src/core/agent/retry';
import { AnthropicProvider } from '../../../extension/src/core/agent/providers/anthropic';
import { OpenAIProvider } from '../../../extension/src/core/agent/providers/openai';
import { eventsOf, loadRecordedTodoWrite, runProviderTurn } from './support';

interface LiveCase {
  name: string;
  keyVariable: string;
  defaultModel: string;
  make: (apiKey: string, model: string) => ModelProvider;
}

const CASES: LiveCase[] = [
  {
    name: 'DeepSeek (openai provider)',
    keyVariable: 'DEEPSEEK_API_KEY',
    defaultModel: 'deepseek-chat',
    make: (apiKey, model) => new OpenAIProvider({ apiKey, model, baseURL: 'https://api.deepseek.com' }),
  },
  {
    name: 'OpenAI',
    keyVariable: 'OPENAI_API_KEY',
    defaultModel: 'gpt-4.1-mini',
    make: (apiKey, model) => new OpenAIProvider({ apiKey, model }),
  },
  {
    name: 'Anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    defaultModel: 'claude-haiku-4-5',
    make: (apiKey, model) => new AnthropicProvider({ apiKey, model, maxTokens: 2048 }),
  },
];

const fixture = loadRecordedTodoWrite();

describe('live model induces a todo_write (key-gated)', () => {
  for (const c of CASES) {
    const key = process.env[c.keyVariable];
    const skip = key ? false : `${c.keyVariable} is not set, so no real ${c.name} model is called`;
    if (skip) console.log(`# skipped: live ${c.name}: ${skip}`);
    it(`${c.name}: the recorded prompt yields a todo_write in a valid log`, { skip, timeout: 180_000 }, async () => {
      if (!key) return;
      const model = process.env.AGENT_CHECKLIST_LIVE_MODEL || c.defaultModel;
      // Real retries with real backoff: a live rate limit should wait, not fail the test.
      const run = await runProviderTurn(c.make(key, model), fixture.manifest.first_user_prompt, {
        retry: { sleep: abortableSleep },
      });
      assert.ok(!run.logText.includes(key), 'the key never reaches the log');
      assert.notEqual(run.end.kind, 'error', JSON.stringify(run.end));
      const writes = eventsOf(run.events, 'todo/write');
      assert.ok(writes.length >= 1, `the model called todo_write (turn ended ${JSON.stringify(run.end)})`);
      assert.ok(
        writes.some((w) => w.data.todos.length === 3),
        'a list of three todos, as asked',
      );
    });
  }
});
