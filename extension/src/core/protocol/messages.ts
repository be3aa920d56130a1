// Host <-> webview messages. Both sides validate everything they receive with these
// schemas; an invalid message is logged and dropped, never trusted.
//
// Host -> webview: every message carries `seq`, a counter the host increments for
// each message it posts to one webview. The webview sends `ready` first; the host
// answers with a full `snapshot`, then deltas. The webview's state is a pure fold of
// the messages in seq order from the latest snapshot (see webview/src/state/reducer.ts),
// so it drops anything at or below what it has applied and parks early arrivals.
//
// The plan is computed by the host over the whole log (its live fold of the todos
// projection) and sent whole; no surface derives a plan of its own.
import * as z from 'zod/mini';
import { type TranscriptItem, transcriptItemSchema } from './transcript';

export interface PlanItemView {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/** The standing plan as the surfaces show it; null when no plan stands. */
export interface PlanView {
  todos: PlanItemView[];
  /** `1 completed · 2 in progress · 1 pending` (core/plan/summaries.stripHeader). */
  header: string;
  done: number;
  total: number;
}

export interface SessionView {
  id: string;
  title: string | null;
  /** Another window holds the session's write lock: this one only shows it. */
  readOnly: boolean;
}

export interface ProviderView {
  /** `demo`, `scripted`, `openai`, `anthropic`, `vscode-lm`. */
  id: string;
  model: string;
  isDemo: boolean;
  /** Why the configured provider cannot run, when it cannot. */
  problem: string | null;
}

export type RunView = { state: 'idle' } | { state: 'running'; turn: number; stopping: boolean };

/** Text streaming in for the step the model is answering (live only, not logged). */
export interface StreamView {
  turn: number;
  step: number;
  text: string;
  reasoning: string;
  /** Set while a failed request waits to be retried. */
  retry: string | null;
}

export type HostMessage =
  | {
      type: 'snapshot';
      seq: number;
      session: SessionView | null;
      /** The tail page of the transcript, oldest first. */
      items: TranscriptItem[];
      /** Pass back in `loadOlder` for the page before; null at the start of the log. */
      cursor: number | null;
      plan: PlanView | null;
      run: RunView;
      provider: ProviderView;
      stream: StreamView | null;
    }
  | { type: 'items'; seq: number; items: TranscriptItem[] }
  | { type: 'page'; seq: number; items: TranscriptItem[]; cursor: number | null }
  | { type: 'plan'; seq: number; plan: PlanView | null }
  | { type: 'run'; seq: number; run: RunView }
  | { type: 'provider'; seq: number; provider: ProviderView }
  | { type: 'stream'; seq: number; stream: StreamView | null }
  | { type: 'notice'; seq: number; level: 'info' | 'error'; text: string };

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'send'; text: string }
  | { type: 'stop' }
  | { type: 'newSession' }
  | { type: 'openSettings' }
  | { type: 'showLog' }
  | { type: 'loadOlder'; cursor: number };

const seq = z.number().check(z.int(), z.minimum(1));

const planViewSchema = z.strictObject({
  todos: z.array(z.strictObject({ content: z.string(), status: z.enum(['pending', 'in_progress', 'completed']) })),
  header: z.string(),
  done: z.number(),
  total: z.number(),
}) satisfies z.ZodMiniType<PlanView>;

const sessionViewSchema = z.strictObject({ id: z.string(), title: z.nullable(z.string()), readOnly: z.boolean() }) satisfies z.ZodMiniType<SessionView>;

const providerViewSchema = z.strictObject({
  id: z.string(),
  model: z.string(),
  isDemo: z.boolean(),
  problem: z.nullable(z.string()),
}) satisfies z.ZodMiniType<ProviderView>;

const runViewSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('idle') }),
  z.strictObject({ state: z.literal('running'), turn: z.number(), stopping: z.boolean() }),
]) satisfies z.ZodMiniType<RunView>;

const streamViewSchema = z.strictObject({
  turn: z.number(),
  step: z.number(),
  text: z.string(),
  reasoning: z.string(),
  retry: z.nullable(z.string()),
}) satisfies z.ZodMiniType<StreamView>;

const cursor = z.nullable(z.number());

export const hostMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('snapshot'),
    seq,
    session: z.nullable(sessionViewSchema),
    items: z.array(transcriptItemSchema),
    cursor,
    plan: z.nullable(planViewSchema),
    run: runViewSchema,
    provider: providerViewSchema,
    stream: z.nullable(streamViewSchema),
  }),
  z.strictObject({ type: z.literal('items'), seq, items: z.array(transcriptItemSchema) }),
  z.strictObject({ type: z.literal('page'), seq, items: z.array(transcriptItemSchema), cursor }),
  z.strictObject({ type: z.literal('plan'), seq, plan: z.nullable(planViewSchema) }),
  z.strictObject({ type: z.literal('run'), seq, run: runViewSchema }),
  z.strictObject({ type: z.literal('provider'), seq, provider: providerViewSchema }),
  z.strictObject({ type: z.literal('stream'), seq, stream: z.nullable(streamViewSchema) }),
  z.strictObject({ type: z.literal('notice'), seq, level: z.enum(['info', 'error']), text: z.string() }),
]) satisfies z.ZodMiniType<HostMessage>;

export const webviewMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text: z.string().check(z.minLength(1), z.maxLength(100_000)) }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('newSession') }),
  z.strictObject({ type: z.literal('openSettings') }),
  z.strictObject({ type: z.literal('showLog') }),
  z.strictObject({ type: z.literal('loadOlder'), cursor: z.number().check(z.int(), z.minimum(0)) }),
]) satisfies z.ZodMiniType<WebviewMessage>;

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

function describe(error: z.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`).join('; ');
}

export function parseHostMessage(data: unknown): Parsed<HostMessage> {
  const result = hostMessageSchema.safeParse(data);
  return result.success ? { ok: true, message: result.data } : { ok: false, error: describe(result.error) };
}

export function parseWebviewMessage(data: unknown): Parsed<WebviewMessage> {
  const result = webviewMessageSchema.safeParse(data);
  return result.success ? { ok: true, message: result.data } : { ok: false, error: describe(result.error) };
}

/** Distributes `Omit` over the union, so each member keeps its own fields. */
export type HostMessageBody = HostMessage extends infer M ? (M extends HostMessage ? Omit<M, 'seq'> : never) : never;

/** Stamps host messages for one webview with a strictly increasing seq. */
export class HostSequencer {
  private last = 0;

  get current(): number {
    return this.last;
  }

  stamp(body: HostMessageBody): HostMessage {
    return { ...body, seq: ++this.last } as HostMessage;
  }
}
