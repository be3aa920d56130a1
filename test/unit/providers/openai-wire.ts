// Chat Completions streaming bodies (OpenAI's documented chunk format, as DeepSeek
// and the recorded fixture send it): the tests' model edge, never the code under test.

let created = 1_785_000_000;

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: created++,
    model: 'test-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** An SSE body from chunk objects, ending with [DONE] unless told not to. */
export function openAISse(chunks: readonly unknown[], done = true): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
}

/** A step that answers with text and stops. */
export function textStep(text: string): string {
  return openAISse([
    chunk({ role: 'assistant', content: '' }),
    ...text.split(/(?<= )/).map((piece) => chunk({ content: piece })),
    chunk({}, 'stop'),
    {
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: created++,
      model: 'test-model',
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
    },
  ]);
}

/** A step that makes one tool call, its arguments streamed in the given pieces. */
export function toolCallStep(id: string, name: string, argumentPieces: readonly string[]): string {
  return openAISse([
    chunk({ role: 'assistant', content: '' }),
    chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }),
    ...argumentPieces.map((piece) => chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })),
    chunk({}, 'tool_calls'),
  ]);
}

/** A body that ends cleanly but before finish_reason (a proxy that gave up, a server restart). */
export function truncatedStep(body: string | Buffer, keepBytes: number): Buffer {
  return Buffer.from(body).subarray(0, keepBytes);
}
