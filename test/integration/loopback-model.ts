// An OpenAI-compatible chat-completions server on 127.0.0.1 whose answers are scripted
// (the model edge): it streams `answers` in order, one per request, and records every
// request (its messages and the names of the tools it offered). An answer may be an HTTP
// error instead (a `429` with `retry-after: 0`, say). Answer `holdAt` (1-based)
// waits for `release()`, so a test can act while that step runs. Plain Node: the
// integration tier (in the extension host) and the e2e tier (beside the workbench) use it.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod/mini';
import type { TodoItem } from '../../extension/src/core/domain-literals';

/** An HTTP error answer: its status, headers and the OpenAI-style error message of its body. */
interface LoopbackError {
  status: number;
  headers?: Record<string, string>;
  message: string;
}

export type LoopbackAnswer = { todos: TodoItem[] } | { text: string } | { error: LoopbackError };

const requestSchema = z.object({
  messages: z.array(
    z.object({
      role: z.string(),
      content: z.optional(z.union([z.string(), z.null(), z.array(z.object({ text: z.optional(z.string()) }))])),
    }),
  ),
  tools: z.optional(z.array(z.object({ function: z.object({ name: z.string() }) }))),
});
export type ModelRequest = z.infer<typeof requestSchema>;

/** The text of a message's content (a string, or its parts' texts). */
export function messageText(content: ModelRequest['messages'][number]['content']): string {
  return typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join('');
}

/** The names of the tools a request offered. */
export function toolNames(request: ModelRequest | undefined): string[] {
  return (request?.tools ?? []).map((t) => t.function.name);
}

export class LoopbackModel {
  readonly requests: ModelRequest[] = [];
  private readonly server: http.Server;
  private releaseHeld: () => void = () => undefined;
  private readonly held: Promise<void>;

  constructor(
    private readonly answers: LoopbackAnswer[],
    private readonly holdAt = 0,
  ) {
    this.held = new Promise((resolve) => (this.releaseHeld = resolve));
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => void this.answer(body, res));
    });
  }

  /** Starts listening; the base URL for `agentChecklist.openai.baseUrl`. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  release(): void {
    this.releaseHeld();
  }

  close(): void {
    this.release();
    this.server.closeAllConnections();
    this.server.close();
  }

  private async answer(body: string, res: http.ServerResponse): Promise<void> {
    this.requests.push(requestSchema.parse(JSON.parse(body)));
    const n = this.requests.length;
    if (n === this.holdAt) await this.held;
    const answer = this.answers[n - 1];
    if (!answer) {
      res.writeHead(500).end('{"error":{"message":"no more scripted answers"}}');
      return;
    }
    if ('error' in answer) {
      const { status, headers = {}, message } = answer.error;
      res
        .writeHead(status, { 'Content-Type': 'application/json', ...headers })
        .end(JSON.stringify({ error: { message, type: 'loopback_error', code: null } }));
      return;
    }
    const chunk = (delta: unknown, finish: string | null = null): unknown => ({
      id: `c${n}`,
      object: 'chat.completion.chunk',
      created: 1,
      model: 'loopback',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const chunks =
      'text' in answer
        ? [chunk({ role: 'assistant', content: answer.text }), chunk({}, 'stop')]
        : [
            chunk({ role: 'assistant', content: '' }),
            chunk({
              tool_calls: [
                {
                  index: 0,
                  id: `call_${n}`,
                  type: 'function',
                  function: { name: 'todo_write', arguments: JSON.stringify({ todos: answer.todos }) },
                },
              ],
            }),
            chunk({}, 'tool_calls'),
          ];
    res
      .writeHead(200, { 'Content-Type': 'text/event-stream' })
      .end(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n');
  }
}
