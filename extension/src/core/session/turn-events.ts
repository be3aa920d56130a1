// The conversation's events (a family of the event map, events.ts): a turn and its
// steps, what the user and the model said, how a turn ended, a compaction of the
// history, and the ACP agent's own session the log's prompts go to.
import * as z from 'zod/mini';
import { contextCompactSchema } from './compact-event';
import { count } from './event-fields';

const tokens = z.exactOptional(z.number().check(z.int(), z.minimum(0)));

const usageSchema = z.strictObject({
  inputTokens: tokens,
  outputTokens: tokens,
  reasoningTokens: tokens,
  cachedInputTokens: tokens,
});
export type Usage = z.infer<typeof usageSchema>;

/** A block of an assistant message. `arguments` is the raw JSON text the model sent. */
const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('reasoning'), text: z.string(), signature: z.exactOptional(z.string()) }),
  z.strictObject({
    type: z.literal('tool-call'),
    id: z.string().check(z.minLength(1)),
    name: z.string(),
    arguments: z.string(),
  }),
]);
export type AssistantBlock = z.infer<typeof blockSchema>;

const turnEndReasonSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('completed') }),
  z.strictObject({ kind: z.literal('aborted'), message: z.exactOptional(z.string()) }),
  z.strictObject({ kind: z.literal('error'), message: z.string() }),
  z.strictObject({ kind: z.literal('max-steps'), maxSteps: count }),
  z.strictObject({ kind: z.literal('interrupted'), message: z.exactOptional(z.string()) }),
  /**
   * Plan first: the proposed plan waits for the user's decision,
   * which no one could give in this turn (core/agent/plan-first.ts).
   */
  z.strictObject({ kind: z.literal('awaiting-approval') }),
]);
export type TurnEndReason = z.infer<typeof turnEndReasonSchema>;

const assistantMessageSchema = z.strictObject({ content: z.array(blockSchema) });

const modelRefSchema = z.strictObject({ provider: z.string(), model: z.string() });
export type ModelRef = z.infer<typeof modelRefSchema>;

/** The conversation's event types and their data schemas. */
export const turnEventFields = {
  'turn/start': z.strictObject({ turn: count }),
  'user/message': z.strictObject({ turn: count, message: z.strictObject({ text: z.string() }) }),
  'step/start': z.strictObject({ turn: count, step: count }),
  'assistant/message': z.strictObject({
    turn: count,
    step: count,
    message: assistantMessageSchema,
    model: modelRefSchema,
    usage: z.exactOptional(usageSchema),
    finishReason: z.exactOptional(z.string()),
  }),
  'step/end': z.strictObject({ turn: count, step: count }),
  'turn/end': z.strictObject({ turn: count, reason: turnEndReasonSchema }),
  /** The history up to `upToSeq`, summarized (compact-event.ts); only between steps or turns. */
  'context/compact': contextCompactSchema,
  /**
   * The ACP agent's own session that this log's next prompts go to (core/acp-client):
   * after each `session/new`, so a reopened log can `session/load` it. Between turns;
   * ignorable (a reader that does not know it skips it).
   */
  'acp/session': z.strictObject({ sessionId: z.string().check(z.minLength(1)) }),
};
