// Host <-> webview messages: ONE map per direction, from which everything else is
// derived. Each entry is a message type and the zod/mini schema of its fields besides
// `type` (and, host -> webview, `seq`); the message unions, the types' table and the
// webview reducer's handler table (HostMessageHandlers) are computed from the maps, so
// a message is written once, in its direction's map (host -> webview:
// host-messages.ts; webview -> host: here), and handled once, in the webview's reducer
// (webview/src/state/) or the host's handlers (the compiler refuses a table without it).
//
// Webview -> host is untrusted input: the host validates every message from the
// webview against `webviewMessageFields` (parseWebviewMessage); an invalid one is
// logged and dropped. Host -> webview: the host builds each message from these typed
// values; the webview checks only the type and seq its fold relies on
// (host-message-check.ts: why that is enough) and imports only TYPES from this file,
// so its bundle carries no zod. The full host -> webview validator is a test oracle
// (test/unit/support/host-message-schema.ts).
//
// Every host message carries `seq`, a counter the host increments for each message it
// posts to one webview. The webview sends `ready` first; the host answers with a full
// `snapshot`, then deltas. The webview's state is a pure fold of the messages in seq
// order from the latest snapshot, so it drops anything at or below what it has
// applied and parks early arrivals.
//
// The plan is computed by the host over the whole log and sent whole, with its counts
// (plan-view.ts); no surface derives or counts a plan of its own. Transcript items
// carry the views the host's presenters made (transcript.ts, tool-view.ts). After the
// snapshot the host posts only what changed: `items` (created or changed items, whole,
// by id), `plan`, for the open subagent panel `childDelta`, and `markdown` (an
// answer's tree, parsed after its row was posted); never the whole transcript again.
// The plan history is posted only while the page shows it (plan-history-view.ts); the
// other parts' views are in page-views.ts.
import * as z from 'zod/mini';
import { APPROVAL_DECISIONS } from '../domain-literals';
import { hostMessageFields } from './host-messages';
import { planEditSchema } from './plan-edit-schema';

export type { PlanEdit } from './plan-edit-schema';
export type {
  ApprovalView,
  ChildView,
  ContextView,
  OpenPanel,
  PanelKind,
  PanelView,
  ProviderView,
  RunAllView,
  RunView,
  SessionListItem,
  SessionView,
  StreamView,
} from './page-views';
export type { PlanVersionView } from './plan-history-view';
export type { PlanCommentView, PlanDiffRow, PlanDiffView, PlanItemView, PlanView, ProposedPlanView } from './plan-view';

const id = z.string().check(z.minLength(1));

/** Webview -> host: each message's fields besides `type`, validated when the host receives it. */
const webviewMessageFields = {
  ready: z.strictObject({}),
  send: z.strictObject({ text: z.string().check(z.minLength(1), z.maxLength(100_000)) }),
  stop: z.strictObject({}),
  newSession: z.strictObject({}),
  openSettings: z.strictObject({}),
  showLog: z.strictObject({}),
  openAgentFile: z.strictObject({}),
  /**
   * A followed agent's action, by the agent's id: `planNotice`, the plan notice's button
   * (what its descriptor says turns its plan tool on, core/import/followed-agent.ts).
   */
  agentAction: z.strictObject({ agentId: id.check(z.maxLength(64)), action: z.enum(['planNotice']) }),
  loadOlder: z.strictObject({ cursor: z.number().check(z.int(), z.minimum(0)) }),
  approve: z.strictObject({ id, decision: z.enum(APPROVAL_DECISIONS) }),
  openSession: z.strictObject({ id }),
  openChild: z.strictObject({ sessionId: id }),
  closeChild: z.strictObject({}),
  exportPlan: z.strictObject({}),
  focusPlan: z.strictObject({}),
  dismissDemoBanner: z.strictObject({}),
  /** The demo banner's offer: make the model VS Code offers the provider (agentChecklist.useLanguageModel). */
  useLanguageModel: z.strictObject({}),
  /** A user edit of the standing plan from the strip (writable sessions only; the host refuses it otherwise). */
  editPlan: z.strictObject({ edit: planEditSchema }),
  /**
   * The strip row's Start This Item: the item (by its content) goes in progress
   * and a turn starts on it (the command agentChecklist.plan.startItem).
   */
  startItem: z.strictObject({ content: z.string().check(z.minLength(1), z.maxLength(100_000)) }),
  /** Plan review from the strip: Comment on Item… (by the item's content), a comment's Resolve, Send Comments. */
  commentItem: z.strictObject({
    content: z.string().check(z.minLength(1), z.maxLength(100_000)),
    text: z.string().check(z.regex(/\S/), z.maxLength(8000)),
  }),
  resolveComment: z.strictObject({ seq: z.number().check(z.int(), z.minimum(1)) }),
  sendComments: z.strictObject({}),
  /** The strip's Continue Plan in New Session… (the command agentChecklist.plan.continueInNewSession). */
  continuePlan: z.strictObject({}),
  /**
   * The strip row's Set Check…, Remove Check and Run Check on the item (by its content and,
   * where it has one, its itemId): the commands agentChecklist.plan.setCheck, removeCheck, runCheck.
   */
  checkItem: z.strictObject({
    action: z.enum(['set', 'remove', 'run']),
    content: z.string().check(z.minLength(1), z.maxLength(100_000)),
    itemId: z.exactOptional(z.string().check(z.minLength(1), z.maxLength(40))),
  }),
  /** The strip's Run All Items (the command agentChecklist.plan.runAll). */
  runAll: z.strictObject({}),
  /** The strip's Run Items in Parallel… (the command agentChecklist.plan.runParallel). */
  runParallel: z.strictObject({}),
  /** The page shows (true) or hides (false) the plan history. */
  planHistory: z.strictObject({ open: z.boolean() }),
  /**
   * Plan first: the user's decision on the proposed plan (the strip's Approve / Reject with
   * Feedback…), answered as the Approve Plan / Reject Plan with Feedback… commands answer it.
   */
  decidePlan: z.strictObject({
    decision: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('approve') }),
      z.strictObject({ kind: z.literal('reject'), feedback: z.string().check(z.regex(/\S/), z.maxLength(100_000)) }),
    ]),
  }),
  /** The composer's Plan first toggle: whether the next prompts plan first (writes agentChecklist.planFirst). */
  setPlanFirst: z.strictObject({ on: z.boolean() }),
};

/**
 * Each type's fields; a message with none (`z.strictObject({})`
 * infers an index signature of never) adds nothing to `{ type }`.
 */
type FieldsOf<M extends Record<string, z.ZodMiniType>> = {
  [K in keyof M]: string extends keyof z.infer<M[K]> ? object : z.infer<M[K]>;
};
type HostFields = FieldsOf<typeof hostMessageFields>;
type WebviewFields = FieldsOf<typeof webviewMessageFields>;

export type HostMessageType = keyof HostFields;
export type WebviewMessageType = keyof WebviewFields;

/**
 * The host message of type K (of any type by default); written as
 * a map indexed by K so a handler table can be called with one.
 */
export type HostMessage<K extends HostMessageType = HostMessageType> = {
  [P in K]: { type: P; seq: number } & HostFields[P];
}[K];
/** A host message before the sequencer stamps it. */
export type HostMessageBody<K extends HostMessageType = HostMessageType> = { [P in K]: { type: P } & HostFields[P] }[K];
export type WebviewMessage<K extends WebviewMessageType = WebviewMessageType> = {
  [P in K]: { type: P } & WebviewFields[P];
}[K];

/** One handler per host message type: a missing one, or one for no such type, is a compile error. */
export type HostMessageHandlers<S> = { readonly [K in HostMessageType]: (state: S, message: HostMessage<K>) => S };

/** One handler per webview message type: a missing one, or one for no such type, is a compile error. */
export type WebviewMessageHandlers<C> = {
  readonly [K in WebviewMessageType]: (message: WebviewMessage<K>, context: C) => Promise<void> | void;
};

/** Runs the handler of `message`'s type. */
export function dispatchWebviewMessage<C, K extends WebviewMessageType>(
  handlers: WebviewMessageHandlers<C>,
  message: WebviewMessage<K>,
  context: C,
): Promise<void> | void {
  return handlers[message.type](message, context);
}

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

export function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`).join('; ');
}

const webviewSchemas: { readonly [K in WebviewMessageType]: z.ZodMiniType<WebviewFields[K]> } = webviewMessageFields;

/**
 * A webview message when `data` is an object with a known `type`
 * whose fields pass that type's schema (closed: no other field).
 */
export function parseWebviewMessage(data: unknown): Parsed<WebviewMessage> {
  if (typeof data !== 'object' || data === null || !('type' in data))
    return { ok: false, error: '(message): not an object with a type' };
  const { type, ...fields } = data;
  if (typeof type !== 'string' || !isOwnKey(webviewSchemas, type))
    return { ok: false, error: `type: unknown (${String(type)})` };
  return parseFields(type, fields);
}

function parseFields<K extends WebviewMessageType>(type: K, fields: unknown): Parsed<WebviewMessage<K>> {
  const result = webviewSchemas[type].safeParse(fields);
  if (!result.success) return { ok: false, error: describeIssues(result.error) };
  const message: WebviewMessage<K> = { type, ...result.data };
  return { ok: true, message };
}

export function isOwnKey<M extends object>(map: M, key: string): key is keyof M & string {
  return Object.prototype.hasOwnProperty.call(map, key);
}

/** Stamps host messages for one webview with a strictly increasing seq. */
export class HostSequencer {
  private last = 0;

  get current(): number {
    return this.last;
  }

  stamp(body: HostMessageBody): HostMessage {
    return { ...body, seq: ++this.last };
  }
}
