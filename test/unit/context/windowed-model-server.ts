// A model server on 127.0.0.1 that enforces a context window the way the real APIs
// do: it counts a request's tokens (the body's UTF-8 bytes / 4, a stand-in
// tokenizer), answers usage with that count, and refuses a request over the window
// with the provider's own error (OpenAI/DeepSeek: 400 `context_length_exceeded`,
// Anthropic: 400 `prompt is too long: N tokens > M maximum`). Behind it, a scripted
// "surveyor" model (survey-model.ts) decides each answer from the request alone, as
// a real model would: it knows its progress only from what the request shows it.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decide, type Decision, type WireItem } from './survey-model';

export type WireFormat = 'openai' | 'anthropic';

export interface SeenRequest {
  tokens: number;
  rejected: boolean;
  hasTools: boolean;
  /** The request's user-side texts, in order (the summary message first after a compaction). */
  userTexts: string[];
  json: unknown;
}

export class WindowedModelServer {
  readonly requests: SeenRequest[] = [];
  /** The bodies of the refusals sent. */
  readonly rejections: string[] = [];
  private readonly server: http.Server;

  private constructor(
    readonly format: WireFormat,
    readonly window: number,
    private readonly files: readonly string[],
  ) {
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  static async start(format: WireFormat, window: number, files: readonly string[]): Promise<WindowedModelServer> {
    const s = new WindowedModelServer(format, window, files);
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', () => resolve()));
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const json: unknown = JSON.parse(body.toString('utf8'));
      const tokens = Math.ceil(body.length / 4);
      const { items, hasTools } = this.format === 'openai' ? openAIItems(json) : anthropicItems(json);
      const userTexts = items.flatMap((i) => (i.kind === 'user' ? [i.text] : []));
      const rejected = tokens > this.window;
      this.requests.push({ tokens, rejected, hasTools, userTexts, json });
      if (rejected) return this.reject(res, tokens);
      const decision = decide(items, hasTools, this.files);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(this.format === 'openai' ? openAIStream(decision, tokens) : anthropicStream(decision, tokens));
    });
  }

  private reject(res: http.ServerResponse, tokens: number): void {
    const message = `This model's maximum context length is ${this.window} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`;
    const body =
      this.format === 'openai'
        ? JSON.stringify({
            error: { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' },
          })
        : JSON.stringify({
            type: 'error',
            error: {
              type: 'invalid_request_error',
              message: `prompt is too long: ${tokens} tokens > ${this.window} maximum`,
            },
          });
    this.rejections.push(body);
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(body);
  }
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function openAIItems(json: unknown): { items: WireItem[]; hasTools: boolean } {
  const items: WireItem[] = [];
  for (const m of arr(obj(json).messages).map(obj)) {
    if (m.role === 'user') items.push({ kind: 'user', text: str(m.content) });
    if (m.role === 'tool') items.push({ kind: 'result', id: str(m.tool_call_id), content: str(m.content) });
    if (m.role === 'assistant') {
      for (const c of arr(m.tool_calls).map(obj))
        items.push({
          kind: 'call',
          id: str(c.id),
          name: str(obj(c.function).name),
          args: parse(str(obj(c.function).arguments)),
        });
    }
  }
  return { items, hasTools: arr(obj(json).tools).length > 0 };
}

function anthropicItems(json: unknown): { items: WireItem[]; hasTools: boolean } {
  const items: WireItem[] = [];
  for (const m of arr(obj(json).messages).map(obj)) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : arr(m.content).map(obj);
    for (const b of blocks) {
      if (b.type === 'text' && m.role === 'user') items.push({ kind: 'user', text: str(b.text) });
      if (b.type === 'tool_result')
        items.push({
          kind: 'result',
          id: str(b.tool_use_id),
          content: typeof b.content === 'string' ? b.content : JSON.stringify(b.content),
        });
      if (b.type === 'tool_use') items.push({ kind: 'call', id: str(b.id), name: str(b.name), args: b.input });
    }
  }
  return { items, hasTools: arr(obj(json).tools).length > 0 };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

let callNo = 0;
const sseData = (chunks: unknown[]): string =>
  chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';

function openAIStream(decision: Decision, promptTokens: number): string {
  const chunk = (delta: Json, finish: string | null = null): Json => ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const usage = {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [],
    usage: { prompt_tokens: promptTokens, completion_tokens: 20, total_tokens: promptTokens + 20 },
  };
  if ('text' in decision)
    return sseData([chunk({ role: 'assistant', content: decision.text }), chunk({}, 'stop'), usage]);
  const calls = decision.calls.map((c, index) =>
    chunk({
      tool_calls: [
        {
          index,
          id: `call_${++callNo}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        },
      ],
    }),
  );
  return sseData([chunk({ role: 'assistant', content: '' }), ...calls, chunk({}, 'tool_calls'), usage]);
}

function anthropicStream(decision: Decision, promptTokens: number): string {
  const events: Json[] = [
    {
      type: 'message_start',
      message: {
        id: 'm',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        usage: { input_tokens: promptTokens, output_tokens: 1 },
      },
    },
  ];
  if ('text' in decision) {
    events.push(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: decision.text } },
      { type: 'content_block_stop', index: 0 },
    );
  } else {
    decision.calls.forEach((c, index) => {
      events.push(
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: `toolu_${++callNo}`, name: c.name, input: {} },
        },
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(c.args) },
        },
        { type: 'content_block_stop', index },
      );
    });
  }
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: 'text' in decision ? 'end_turn' : 'tool_use' },
      usage: { output_tokens: 20 },
    },
    { type: 'message_stop' },
  );
  return events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}
