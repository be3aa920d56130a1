// Reading a Chat Completions stream: each chunk is checked (zod) for the fields we
// use, tool-call pieces are assembled by index into whole calls, and usage is mapped
// to the log's Usage. Servers differ in small ways (DeepSeek's reasoning_content and
// prompt_cache_hit_tokens, OpenRouter/Ollama's `reasoning`, ids repeated on every
// piece or missing), so the schema is loose and the assembler tolerant.
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import '../../zod-english';
import type { Usage } from '../../session/events';

const count = z.nullish(z.number().check(z.int(), z.minimum(0)));

const toolCallDeltaSchema = z.looseObject({
  index: z.nullish(z.number().check(z.int(), z.minimum(0))),
  id: z.nullish(z.string()),
  function: z.nullish(z.looseObject({ name: z.nullish(z.string()), arguments: z.nullish(z.string()) })),
});

const choiceSchema = z.looseObject({
  index: z.nullish(z.number().check(z.int())),
  delta: z.nullish(
    z.looseObject({
      content: z.nullish(z.string()),
      reasoning_content: z.nullish(z.string()),
      reasoning: z.nullish(z.string()),
      tool_calls: z.nullish(z.array(toolCallDeltaSchema)),
    }),
  ),
  finish_reason: z.nullish(z.string()),
});

export const completionChunkSchema = z.looseObject({
  choices: z.nullish(z.array(choiceSchema)),
  usage: z.nullish(
    z.looseObject({
      prompt_tokens: count,
      completion_tokens: count,
      prompt_cache_hit_tokens: count,
      prompt_tokens_details: z.nullish(z.looseObject({ cached_tokens: count })),
      completion_tokens_details: z.nullish(z.looseObject({ reasoning_tokens: count })),
    }),
  ),
});
type CompletionChunk = z.infer<typeof completionChunkSchema>;
export type ToolCallDelta = z.infer<typeof toolCallDeltaSchema>;
export type ChunkUsage = NonNullable<CompletionChunk['usage']>;

export interface AssembledCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Collects streamed tool-call pieces by their `index` (the wire's key; ids are only
 * on the first piece for most servers). A piece without an index continues the
 * call with the same id, else the last call, else starts the first.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();

  add(delta: ToolCallDelta): void {
    const index = delta.index ?? this.indexFor(delta.id);
    let call = this.calls.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: '' };
      this.calls.set(index, call);
    }
    if (delta.id && !call.id) call.id = delta.id;
    const name = delta.function?.name;
    // Most servers send the whole name once; some repeat it on every piece; a few stream it in parts.
    if (name && !call.name) call.name = name;
    else if (name && name !== call.name && call.arguments === '') call.name += name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
  }

  get size(): number {
    return this.calls.size;
  }

  /** The whole calls, in index order; a call the server sent without an id gets one. */
  finish(): AssembledCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({
        id: call.id || `call_${index}_${randomUUID().slice(0, 8)}`,
        name: call.name,
        arguments: call.arguments,
      }));
  }

  private indexFor(id: string | null | undefined): number {
    if (id) for (const [index, call] of this.calls) if (call.id === id) return index;
    if (this.calls.size === 0) return 0;
    return id ? Math.max(...this.calls.keys()) + 1 : Math.max(...this.calls.keys());
  }
}

/** The wire's usage as the log records it. */
export function toUsage(usage: ChunkUsage): Usage {
  const out: Usage = {};
  if (typeof usage.prompt_tokens === 'number') out.inputTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === 'number') out.outputTokens = usage.completion_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoning === 'number') out.reasoningTokens = reasoning;
  const cached = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens;
  if (typeof cached === 'number') out.cachedInputTokens = cached;
  return out;
}
