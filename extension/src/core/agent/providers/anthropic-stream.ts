// Reading Anthropic's Messages stream (message_start, content_block_start / delta /
// stop, message_delta, message_stop) into StreamParts. Each event is checked (zod)
// for the fields we use; event types this client does not know are skipped, as
// Anthropic's versioning policy asks. Tool input arrives as input_json_delta pieces
// split anywhere; the call is yielded whole at its content_block_stop. A thinking
// block's signature (signature_delta) is yielded at its stop too.
import * as z from 'zod/mini';
import '../../zod-english';
import type { Usage } from '../../session/events';
import type { StreamPart } from '../provider';

const tokens = z.nullish(z.number().check(z.int(), z.minimum(0)));
const usageSchema = z.looseObject({
  input_tokens: tokens,
  output_tokens: tokens,
  cache_read_input_tokens: tokens,
  cache_creation_input_tokens: tokens,
  output_tokens_details: z.nullish(z.looseObject({ thinking_tokens: tokens })),
});

const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message_start'), message: z.looseObject({ usage: z.nullish(usageSchema) }) }),
  z.looseObject({
    type: z.literal('content_block_start'),
    index: z.number().check(z.int(), z.minimum(0)),
    content_block: z.looseObject({
      type: z.string(),
      id: z.optional(z.string()),
      name: z.optional(z.string()),
      input: z.optional(z.unknown()),
      text: z.optional(z.string()),
      thinking: z.optional(z.string()),
      signature: z.optional(z.string()),
    }),
  }),
  z.looseObject({
    type: z.literal('content_block_delta'),
    index: z.number().check(z.int(), z.minimum(0)),
    delta: z.looseObject({
      type: z.string(),
      text: z.optional(z.string()),
      thinking: z.optional(z.string()),
      signature: z.optional(z.string()),
      partial_json: z.optional(z.string()),
    }),
  }),
  z.looseObject({ type: z.literal('content_block_stop'), index: z.number().check(z.int(), z.minimum(0)) }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.nullish(z.string()) }),
    usage: z.nullish(usageSchema),
  }),
  z.looseObject({ type: z.literal('message_stop') }),
]);
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;
type AnthropicUsage = z.infer<typeof usageSchema>;

const KNOWN_EVENTS: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

/** Parses one event: the typed event, `null` for a type this client skips, or a problem description. */
export function parseAnthropicEvent(raw: unknown): AnthropicStreamEvent | null | string {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
  if (typeof type !== 'string') return 'an event without a type';
  if (!KNOWN_EVENTS.has(type)) return null;
  const parsed = anthropicStreamEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `${type}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}`;
}

interface OpenBlock {
  type: string;
  id: string;
  name: string;
  json: string;
  /** input given whole at content_block_start (servers that do not stream it). */
  input: unknown;
  signature: string;
}

/** Turns events into StreamParts; `done` once message_stop arrived. */
export class AnthropicStreamReader {
  private readonly blocks = new Map<number, OpenBlock>();
  private readonly rawUsage: Partial<
    Record<
      'input_tokens' | 'output_tokens' | 'cache_read_input_tokens' | 'cache_creation_input_tokens' | 'thinking_tokens',
      number
    >
  > = {};
  private stopReason: string | undefined;
  done = false;
  toolCallsInFlight = 0;

  *read(event: AnthropicStreamEvent): Generator<StreamPart> {
    switch (event.type) {
      case 'message_start':
        this.addUsage(event.message.usage);
        break;
      case 'content_block_start': {
        const b = event.content_block;
        this.blocks.set(event.index, {
          type: b.type,
          id: b.id ?? '',
          name: b.name ?? '',
          json: '',
          input: b.input,
          signature: b.signature ?? '',
        });
        if (b.type === 'tool_use') this.toolCallsInFlight++;
        if (b.type === 'text' && b.text) yield { type: 'text-delta', text: b.text };
        if (b.type === 'thinking' && b.thinking) yield { type: 'reasoning-delta', text: b.thinking };
        break;
      }
      case 'content_block_delta': {
        const d = event.delta;
        const block = this.blocks.get(event.index);
        if (d.type === 'text_delta' && d.text) yield { type: 'text-delta', text: d.text };
        else if (d.type === 'thinking_delta' && d.thinking) yield { type: 'reasoning-delta', text: d.thinking };
        else if (d.type === 'signature_delta' && block && d.signature) block.signature += d.signature;
        else if (d.type === 'input_json_delta' && block && d.partial_json) block.json += d.partial_json;
        break;
      }
      case 'content_block_stop': {
        const block = this.blocks.get(event.index);
        this.blocks.delete(event.index);
        if (block?.type === 'tool_use') {
          this.toolCallsInFlight--;
          yield {
            type: 'tool-call',
            id: block.id,
            name: block.name,
            arguments: block.json !== '' ? block.json : wholeInput(block.input),
          };
        } else if (block?.type === 'thinking' && block.signature) {
          yield { type: 'reasoning-signature', signature: block.signature };
        }
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        this.addUsage(event.usage);
        break;
      case 'message_stop': {
        this.done = true;
        const usage = this.usage();
        if (usage) yield { type: 'usage', usage };
        yield { type: 'finish', reason: this.stopReason ?? 'end_turn' };
        break;
      }
    }
  }

  /** message_start carries input tokens, message_delta the cumulative counts; a later non-null value wins. */
  private addUsage(usage: AnthropicUsage | null | undefined): void {
    if (!usage) return;
    for (const key of [
      'input_tokens',
      'output_tokens',
      'cache_read_input_tokens',
      'cache_creation_input_tokens',
    ] as const) {
      const value = usage[key];
      if (typeof value === 'number') this.rawUsage[key] = value;
    }
    const thinking = usage.output_tokens_details?.thinking_tokens;
    if (typeof thinking === 'number') this.rawUsage.thinking_tokens = thinking;
  }

  private usage(): Usage | undefined {
    const raw = this.rawUsage;
    const usage: Usage = {};
    // Anthropic's input_tokens excludes cached tokens; the log counts the whole prompt, like OpenAI's prompt_tokens.
    if (raw.input_tokens !== undefined)
      usage.inputTokens =
        raw.input_tokens + (raw.cache_read_input_tokens ?? 0) + (raw.cache_creation_input_tokens ?? 0);
    if (raw.output_tokens !== undefined) usage.outputTokens = raw.output_tokens;
    if (raw.thinking_tokens !== undefined) usage.reasoningTokens = raw.thinking_tokens;
    if (raw.cache_read_input_tokens !== undefined) usage.cachedInputTokens = raw.cache_read_input_tokens;
    return Object.keys(usage).length ? usage : undefined;
  }
}

function wholeInput(input: unknown): string {
  if (input === undefined || input === null) return '{}';
  return JSON.stringify(input);
}
