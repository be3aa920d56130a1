// The session event map: the ONE list of durable event types, each with the zod/mini
// schema of its data; the event types are inferred from it. It is composed of the
// families' maps, each in its own module: the conversation (turn-events.ts), the
// tools (tool-events.ts), the plan (plan-events.ts), the workspace
// (workspace-events.ts), and the ignorable ones (ignorable-events.ts: plan review's and
// items' checks). Each member has one owner module; extend by adding a member
// to its family's map. State events carry the whole value; the last write wins on replay.
import * as z from 'zod/mini';
import '../zod-english';
import type { ToolResultDetails } from './tool-details';
import { compileWhenHot, type HotSchema } from '../zod-compile-when-hot';
import { issuesText } from '../zod-issues';
import { planEventFields } from './plan-events';
import { ignorableEventDataFields } from './ignorable-events';
import { toolEventFields } from './tool-events';
import { turnEventFields } from './turn-events';
import { workspaceEventFields } from './workspace-events';

export type { ToolResultDetails };
export type { AssistantBlock, ModelRef, TurnEndReason, Usage } from './turn-events';
export type { UserEditOrigin } from './plan-events';

/** Each event type's data schema: the map the event types are inferred from. */
const eventDataFields = {
  ...turnEventFields,
  ...toolEventFields,
  ...planEventFields,
  ...workspaceEventFields,
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
const SURFACE_EVENT_TYPES = ['user/message', 'assistant/message', 'tool/result'] as const;
type SurfaceEventType = (typeof SURFACE_EVENT_TYPES)[number];

const SURFACE_TYPES: ReadonlySet<string> = new Set(SURFACE_EVENT_TYPES);

function isSurfaceType(type: SessionEventType): type is SurfaceEventType {
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
