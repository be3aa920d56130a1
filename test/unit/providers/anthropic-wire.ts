// Anthropic Messages streaming bodies, written from the documented event format
// (docs.anthropic.com, "Streaming Messages"): the tests' model edge, never the code under test.

export const ANTHROPIC_TEST_MODEL = 'claude-test';
const MODEL = ANTHROPIC_TEST_MODEL;

export type WireEvent = { type: string } & Record<string, unknown>;

/** An Anthropic SSE body: `event: <type>` and `data: <json>` per event. */
export function anthropicSse(events: readonly WireEvent[]): string {
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

/** Cuts `text` at the given points (any numbers; taken modulo the length). */
export function splitAt(text: string, points: readonly number[]): string[] {
  const cuts = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(from, cut));
    from = cut;
  }
  pieces.push(text.slice(from));
  return pieces;
}

export interface ToolStep {
  thinking: string[];
  signature: string;
  text: string[];
  toolId: string;
  argumentPieces: string[];
}

/** One assistant turn that thinks, says something and calls todo_write, as Anthropic streams it. */
export function toolUseStream(step: ToolStep): string {
  return anthropicSse([
    {
      type: 'message_start',
      message: {
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: MODEL,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 472, output_tokens: 2, cache_read_input_tokens: 100, cache_creation_input_tokens: 0 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
    ...step.thinking.map((t) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: t },
    })),
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: step.signature } },
    { type: 'content_block_stop', index: 0 },
    { type: 'ping' },
    { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
    ...step.text.map((t) => ({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: t } })),
    { type: 'content_block_stop', index: 1 },
    {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: step.toolId, name: 'todo_write', input: {} },
    },
    { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '' } },
    ...step.argumentPieces.map((p) => ({
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: p },
    })),
    { type: 'content_block_stop', index: 2 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 89 } },
    { type: 'message_stop' },
  ]);
}

export function textStream(text: string): string {
  return anthropicSse([
    {
      type: 'message_start',
      message: {
        id: 'msg_02',
        type: 'message',
        role: 'assistant',
        model: MODEL,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 600, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } },
    { type: 'message_stop' },
  ]);
}
