// deriveMessages() history as each wire wants it: DeepSeek's reasoning_content
// rule for OpenAI-compatible servers, Anthropic's tool_result / thinking rules.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModelRequest } from '../../../extension/src/core/agent/provider';
import { toAnthropicMessages } from '../../../extension/src/core/agent/providers/anthropic-messages';
import { toOpenAIMessages } from '../../../extension/src/core/agent/providers/openai-messages';
import { isDeepSeekBaseUrl } from '../../../extension/src/core/agent/providers/remote-endpoints';
import type { Message } from '../../../extension/src/core/agent/derive-messages';

function request(messages: Message[]): ModelRequest {
  return { system: 'sys', messages, tools: [], sessionId: 's' };
}

const call = { type: 'tool-call' as const, id: 'c1', name: 'todo_write', arguments: '{"todos":[]}' };
const history: Message[] = [
  { role: 'user', text: 'first' },
  { role: 'assistant', content: [call] },
  { role: 'tool', callId: 'c1', isError: false, content: 'ok' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'done thinking' },
      { type: 'text', text: 'Done.' },
    ],
  },
  { role: 'user', text: 'second' },
  { role: 'assistant', content: [{ type: 'text', text: 'Plain answer.' }] },
  { role: 'user', text: 'third' },
];

describe('openai message mapping', () => {
  it('in DeepSeek mode gives every assistant message of a turn with tool calls a reasoning_content', () => {
    const messages = toOpenAIMessages(request(history), { requireReasoningWithToolCalls: true });
    assert.deepEqual(messages, [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'todo_write', arguments: '{"todos":[]}' } }],
        reasoning_content: '',
      },
      { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      { role: 'assistant', content: 'Done.', reasoning_content: 'done thinking' },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: 'Plain answer.' },
      { role: 'user', content: 'third' },
    ]);
  });

  it('elsewhere sends only recorded reasoning, and never Anthropic-signed thinking', () => {
    const signed: Message[] = [
      { role: 'user', text: 'q' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'claude thought', signature: 'sig' }, call] },
    ];
    const messages = toOpenAIMessages(request([...history, ...signed]), { requireReasoningWithToolCalls: false });
    const assistants = messages.filter((m) => m.role === 'assistant');
    assert.deepEqual(
      assistants.map((m) => ('reasoning_content' in m ? m.reasoning_content : undefined)),
      [undefined, 'done thinking', undefined, undefined],
    );
  });

  it('knows DeepSeek by its host', () => {
    assert.equal(isDeepSeekBaseUrl('https://api.deepseek.com'), true);
    assert.equal(isDeepSeekBaseUrl('https://api.deepseek.com/v1'), true);
    assert.equal(isDeepSeekBaseUrl('https://api.openai.com/v1'), false);
    assert.equal(isDeepSeekBaseUrl('http://127.0.0.1:11434/v1'), false);
    assert.equal(isDeepSeekBaseUrl(undefined), false);
  });
});

describe('anthropic message mapping', () => {
  it('puts tool results first in one user message with the next prompt, drops unsigned reasoning, sends malformed input as {}', () => {
    const messages = toAnthropicMessages(
      request([
        { role: 'user', text: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'deepseek thought' },
            { type: 'text', text: '' },
            { ...call, arguments: '{"todos": [' },
            { ...call, id: 'c2' },
          ],
        },
        { role: 'tool', callId: 'c1', isError: true, content: 'Error: invalid arguments' },
        { role: 'tool', callId: 'c2', isError: false, content: 'ok' },
        { role: 'user', text: 'next' },
        { role: 'assistant', content: [{ type: 'reasoning', text: 'only unsigned thinking' }] },
        { role: 'user', text: 'again' },
      ]),
    );
    assert.deepEqual(messages, [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'c1', name: 'todo_write', input: {} },
          { type: 'tool_use', id: 'c2', name: 'todo_write', input: { todos: [] } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'Error: invalid arguments', is_error: true },
          { type: 'tool_result', tool_use_id: 'c2', content: 'ok', is_error: false },
          { type: 'text', text: 'next' },
          { type: 'text', text: 'again' },
        ],
      },
    ]);
  });
});
