// The session event map: the ONE list of durable event types, each with the zod/mini
// schema of its data; the event types are inferred from it. Each member has one
// owner module; extend by adding a member to `eventDataFields`. State events carry
// the whole value; the last write wins on replay.
import * as z from 'zod/mini';
import '../zod-english';
import { itemFlagSchema } from '../item-flag';
import { APPROVAL_DECIDERS, APPROVAL_RECORDS, PLAN_PRIORITIES, SUBAGENT_OUTCOMES } from '../domain-literals';
import { todoListSchema } from './stored-todo-list';
import { toolResultDetailsField, type ToolResultDetails } from './tool-details';
import { compileWhenHot, type HotSchema } from '../zod-compile-when-hot';
import { issuesText } from '../zod-issues';
import { contextCompactSchema } from './compact-event';
import { ignorableEventDataFields } from './ignorable-events';

export type { ToolResultDetails };

const count = z.number().check(z.int(), z.minimum(1));
const tokens = z.exactOptional(z.number().check(z.int(), z.minimum(0)));

const usageSchema = z.strictObject({
  inputTokens: tokens,
  outputTokens: tokens,
  reasoningTokens: tokens,
  cachedInputTokens: tokens,
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * Where a user edit came from, beside the user's own hand in the strip, the tree or
 * `edit`: the plan file (`agentChecklist.planFile`, `edit --from-file`) or a hand-over
 * from another session (its id), which begins the new session's log.
 */
const userEditOriginSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('plan-file') }),
  z.strictObject({ kind: z.literal('hand-over'), session: z.string().check(z.minLength(1)) }),
]);
export type UserEditOrigin = z.infer<typeof userEditOriginSchema>;

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

const callId = z.string().check(z.minLength(1));
/** A git commit id: 40 lowercase hex digits. */
const commitId = z.string().check(z.regex(/^[0-9a-f]{40}$/));

/** Each event type's data schema: the map the event types are inferred from. */
const eventDataFields = {
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
  /**
   * The call starts. `arguments` is absent in new logs: the announcing assistant
   * message's `tool-call` block holds them (a write_file's content is logged once);
   * older logs repeat them here.
   */
  'tool/call': z.strictObject({
    turn: count,
    step: count,
    callId,
    name: z.string(),
    arguments: z.exactOptional(z.string()),
  }),
  /**
   * How a call that needed approval was decided, and by whom; between
   * its tool/call and its tool/result. Never a model message.
   */
  'tool/approval': z.strictObject({
    turn: count,
    step: count,
    callId,
    tool: z.string(),
    decision: z.enum(APPROVAL_RECORDS),
    by: z.enum(APPROVAL_DECIDERS),
  }),
  /**
   * `priorities`: an ACP agent's plan (core/acp-client) keeps each entry's priority,
   * index for index with `todos`; absent for our own model's lists, which have none.
   */
  'todo/write': z.strictObject({
    todos: todoListSchema,
    priorities: z.exactOptional(z.array(z.enum(PLAN_PRIORITIES))),
  }),
  /**
   * The user edited the standing plan: the whole list after the edit, and where it came
   * from when not the strip, the tree or the CLI's `edit` (docs/todo-write-contract.md).
   */
  'todo/user-edit': z.strictObject({ todos: todoListSchema, origin: z.exactOptional(userEditOriginSchema) }),
  /**
   * Plan first (docs/todo-write-contract.md, "Plan first"): the model ended its
   * planning phase with this plan. `planSeq` names the plan version (the seq of the
   * todo/write or todo/user-edit that wrote the list), `todos` is that whole list.
   * Inside a turn, between its steps.
   */
  'plan/proposed': z.strictObject({ turn: count, planSeq: count, todos: todoListSchema }),
  /**
   * The user approved the proposed plan as it stands (with their
   * edits): the version and its whole list. Outside a step.
   */
  'plan/approved': z.strictObject({ planSeq: count, todos: todoListSchema }),
  /** The user rejected the proposed plan version `planSeq`; the model replans with `feedback`. Outside a step. */
  'plan/rejected': z.strictObject({ planSeq: count, feedback: z.string().check(z.minLength(1)) }),
  /**
   * The model is told, once, which items it marked completed are flagged (item-flag.ts),
   * so it can check or reopen them (agentChecklist.verifyCompletion; deriveMessages
   * makes the note). Inside a turn, between its steps; the plan ledger marks them told.
   */
  'plan/verify-completion': z.strictObject({
    turn: count,
    items: z.array(z.strictObject({ content: z.string(), flag: itemFlagSchema })).check(z.minLength(1)),
  }),
  /**
   * `details`: what the tool reports as data beside the text the
   * model sees (the row is made from it; absent in older logs).
   */
  'tool/result': z.strictObject({
    turn: count,
    step: count,
    callId,
    isError: z.boolean(),
    content: z.string(),
    details: toolResultDetailsField,
  }),
  'subagent/start': z.strictObject({ callId: z.string(), childSessionId: z.string(), description: z.string() }),
  'subagent/end': z.strictObject({
    callId: z.string(),
    childSessionId: z.string(),
    outcome: z.enum(SUBAGENT_OUTCOMES),
  }),
  'step/end': z.strictObject({ turn: count, step: count }),
  'turn/end': z.strictObject({ turn: count, reason: turnEndReasonSchema }),
  /** The history up to `upToSeq`, summarized (compact-event.ts); only between steps or turns. */
  'context/compact': contextCompactSchema,
  /**
   * A checkpoint of the workspace in the shadow repository (core/checkpoints/), taken
   * before the first workspace-changing call of a step (inside it), or at the end of a
   * turn that changed the workspace since its last one (after its last step: `step`
   * names that step), or, for an ACP agent's turn, when we hear of a change
   * (acp-checkpoints.ts: between steps `step` names the last one, 0 before the first):
   * `commit` is the shadow repository's commit of the workspace as it was then.
   */
  'checkpoint/created': z.strictObject({
    turn: count,
    step: z.number().check(z.int(), z.minimum(0)),
    commit: commitId,
  }),
  /**
   * The user took back an item's changes (`scope: 'item'`: the files it changed, back to
   * `checkpoint`, the one before it started) or the whole workspace (`'workspace'`:
   * every file changed since `checkpoint`). `files` are the paths written, relative to
   * the workspace. A `todo/user-edit` putting the item back to pending follows it.
   * Never inside a step.
   */
  'changes/reverted': z.strictObject({
    item: z.string().check(z.minLength(1)),
    scope: z.enum(['item', 'workspace']),
    checkpoint: commitId,
    files: z.array(z.string()),
  }),
  /**
   * The ACP agent's own session that this log's next prompts go to (core/acp-client):
   * after each `session/new`, so a reopened log can `session/load` it. Between turns;
   * ignorable (a reader that does not know it skips it).
   */
  'acp/session': z.strictObject({ sessionId: z.string().check(z.minLength(1)) }),
  ...ignorableEventDataFields,
};

/** Event types written with `ignorable: true`: no fold of an older reader needs them. */
const IGNORABLE_EVENT_TYPES: ReadonlySet<string> = new Set(['acp/session', ...Object.keys(ignorableEventDataFields)]);

export type SessionEventMap = { [K in keyof typeof eventDataFields]: z.infer<(typeof eventDataFields)[K]> };

/** The same map, typed per key: `eventDataSchemas[type]` parses to `SessionEventMap[type]`. */
export const eventDataSchemas: { readonly [K in SessionEventType]: z.ZodMiniType<SessionEventMap[K]> } =
  eventDataFields;

export type SessionEventType = keyof SessionEventMap;

/**
 * Surface events become model messages (deriveMessages). todo/write is deliberately NOT one;
 * todo/user-edit is not one either (deriveMessages derives the model's note from it itself).
 */
export const SURFACE_EVENT_TYPES = ['user/message', 'assistant/message', 'tool/result'] as const;
export type SurfaceEventType = (typeof SURFACE_EVENT_TYPES)[number];

const SURFACE_TYPES: ReadonlySet<string> = new Set(SURFACE_EVENT_TYPES);

export function isSurfaceType(type: SessionEventType): type is SurfaceEventType {
  return SURFACE_TYPES.has(type);
}

export interface EventEnvelope<K extends SessionEventType> {
  seq: number;
  ts: string;
  type: K;
  data: SessionEventMap[K];
  /** Present only on surface events. */
  surfaceOp?: 'append';
  /** A reader that does not know this type may skip it. */
  ignorable?: true;
}

/** The discriminated union: `switch (event.type)` narrows `event.data` without casts. */
export type SessionEvent = { [K in SessionEventType]: EventEnvelope<K> }[SessionEventType];

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.keys(eventDataSchemas));

export function isKnownEventType(type: string): type is SessionEventType {
  return KNOWN_TYPES.has(type);
}

/** The envelope as it sits on disk, before its data is checked against the map. */
export const rawEnvelopeSchema = z.object({
  seq: z.number().check(z.int(), z.minimum(1)),
  ts: z.string(),
  type: z.string().check(z.minLength(1)),
  data: z.unknown(),
  surfaceOp: z.exactOptional(z.literal('append')),
  ignorable: z.exactOptional(z.literal(true)),
});
export type RawEnvelope = z.infer<typeof rawEnvelopeSchema>;

/**
 * What a log reader parses with: the same schemas, compiled by zod once they are hot
 * (zod-compile-when-hot.ts: the runtime parser's verdict, issues and value, faster).
 */
export const rawEnvelopeReader: HotSchema<RawEnvelope> = compileWhenHot(rawEnvelopeSchema);
const dataReaders = new Map<SessionEventType, HotSchema<unknown>>();
function dataReader(type: SessionEventType): HotSchema<unknown> {
  let reader = dataReaders.get(type);
  if (!reader) dataReaders.set(type, (reader = compileWhenHot<unknown>(eventDataSchemas[type])));
  return reader;
}

/**
 * Checks a raw envelope's data against the map and returns the typed event.
 * Returns a string describing the problem otherwise (stable enough to show users).
 */
export function parseEvent(raw: RawEnvelope): SessionEvent | string {
  if (!isKnownEventType(raw.type)) return `unknown event type ${JSON.stringify(raw.type)}`;
  const result = dataReader(raw.type).safeParse(raw.data);
  if (!result.success) return `invalid ${raw.type} data: ${issuesText(result.error.issues)}`;
  const surface = isSurfaceType(raw.type);
  if (surface && raw.surfaceOp !== 'append') return `${raw.type} is a surface event and needs surfaceOp "append"`;
  if (!surface && raw.surfaceOp !== undefined) return `${raw.type} is not a surface event and must not carry surfaceOp`;
  // The map guarantees data matches type; TypeScript cannot correlate the two keys.
  return buildEnvelope(raw.type, raw.seq, raw.ts, result.data as SessionEventMap[typeof raw.type]);
}

export function buildEnvelope<K extends SessionEventType>(
  type: K,
  seq: number,
  ts: string,
  data: SessionEventMap[K],
): SessionEvent {
  const env: EventEnvelope<K> = isSurfaceType(type)
    ? { seq, ts, type, data, surfaceOp: 'append' }
    : IGNORABLE_EVENT_TYPES.has(type)
      ? { seq, ts, type, data, ignorable: true }
      : { seq, ts, type, data };
  return env as SessionEvent;
}
