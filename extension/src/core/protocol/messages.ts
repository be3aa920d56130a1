// Host <-> webview messages. The host validates everything the webview sends with
// webviewMessageSchema (untrusted input); an invalid message is logged and dropped.
// hostMessageSchema is the host -> webview specification, checked host-side (the
// unit tests validate what the host builds against it); the webview checks only the
// type and seq its fold relies on (host-message-check.ts: why that is enough), so
// the webview bundle imports only TYPES from this file and carries no zod.
//
// Host -> webview: every message carries `seq`, a counter the host increments for
// each message it posts to one webview. The webview sends `ready` first; the host
// answers with a full `snapshot`, then deltas. The webview's state is a pure fold of
// the messages in seq order from the latest snapshot (see webview/src/state/reducer.ts),
// so it drops anything at or below what it has applied and parks early arrivals.
//
// The plan is computed by the host over the whole log (its live fold of the todos
// projection) and sent whole, with its counts (plan-view.ts); no surface derives or
// counts a plan of its own. Transcript items carry the views the host's presenters
// made (transcript.ts, tool-view.ts). After the snapshot the host posts only what
// changed: `items` (created or changed items, whole, by id), `plan`, for the open
// subagent panel `childDelta`, and `markdown` (an answer's tree, parsed after its row
// was posted); never the whole transcript again.
//
// The plan history is posted only while the page shows it (plan-history-view.ts). The
// other parts' views (session, context line, provider, run, stream, session list,
// approvals, subagent panel) and their schemas are in page-views.ts.
//
// Extension point: a new host message is a member of HostMessage, of
// hostMessageSchema and of HOST_MESSAGE_TYPES (host-message-check.ts), and a case in
// webview/src/state/reducer.ts applyMessage (the compiler refuses a reducer or a
// table without it).
import * as z from 'zod/mini';
import { APPROVAL_DECISIONS, type ApprovalDecision } from '../domain-literals';
import { answerMarkdownSchema, type AnswerMarkdown } from './markdown-schema';
import { planEditSchema, type PlanEditRequest } from './plan-edit-schema';
import {
  type ApprovalView,
  approvalViewSchema,
  type ChildView,
  childViewSchema,
  type ContextView,
  contextViewSchema,
  type ProviderView,
  providerViewSchema,
  type RunView,
  runViewSchema,
  type SessionListItem,
  sessionListItemSchema,
  type SessionView,
  sessionViewSchema,
  type StreamView,
  streamViewSchema,
} from './page-views';
import { planVersionViewSchema, type PlanVersionView } from './plan-history-view';
import { planViewSchema, type PlanItemView, type PlanView } from './plan-view';
import { WEBVIEW_STRING_KEYS, type WebviewStrings } from './strings';
import { type TranscriptItem, transcriptItemSchema } from './transcript';

export type { ApprovalView, ChildView, ContextView, PlanEditRequest, PlanItemView, PlanVersionView, PlanView, ProviderView, RunView, SessionListItem, SessionView, StreamView };

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
      /** Every UI string by key, localized (strings.ts `localizeStrings`): the page has no table of its own. */
      strings: WebviewStrings;
      /** Absent means none. */
      sessions?: SessionListItem[];
      /** Every pending approval; absent means none. */
      approvals?: ApprovalView[];
      /** The subagent transcript shown over the parent's; absent means none. */
      child?: ChildView | null;
    }
  | { type: 'items'; seq: number; items: TranscriptItem[] }
  | { type: 'page'; seq: number; items: TranscriptItem[]; cursor: number | null }
  | { type: 'plan'; seq: number; plan: PlanView | null }
  | { type: 'run'; seq: number; run: RunView }
  | { type: 'provider'; seq: number; provider: ProviderView }
  | { type: 'stream'; seq: number; stream: StreamView | null }
  | { type: 'notice'; seq: number; level: 'info' | 'error'; text: string }
  | { type: 'sessions'; seq: number; sessions: SessionListItem[] }
  /** The whole pending list, each time it changes. */
  | { type: 'approvals'; seq: number; approvals: ApprovalView[] }
  /** Opens (whole view) or closes (null) the subagent panel. */
  | { type: 'child'; seq: number; child: ChildView | null }
  /** What changed in the open subagent panel's session: items created or changed (whole, by id), and the plan or running state when they changed. */
  | { type: 'childDelta'; seq: number; sessionId: string; items: TranscriptItem[]; plan?: PlanView | null; running?: boolean }
  /** The context meter and rules file, after each snapshot and each step. */
  | { type: 'context'; seq: number; context: ContextView }
  /**
   * Every plan version of the shown session in log order (the page asked: planHistory open); null: it closed it. A snapshot clears it: a page still showing it asks again.
   * `reveal`: the host asks the page to show it (Show Plan History, a command outside the page); the page opens its history view.
   */
  | { type: 'planHistory'; seq: number; history: PlanVersionView[] | null; reveal?: true }
  /** A new plan version, after the ones posted, while the page shows the history. */
  | { type: 'planVersion'; seq: number; version: PlanVersionView }
  /** An answer's Markdown, parsed after its row was posted: applied to row `id` (at `order`) of session `sessionId` where the page shows it, else dropped. */
  | { type: 'markdown'; seq: number; sessionId: string; id: string; order: number; markdown: AnswerMarkdown };

export type ApprovalAnswer = ApprovalDecision;

export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'send'; text: string }
  | { type: 'stop' }
  | { type: 'newSession' }
  | { type: 'openSettings' }
  | { type: 'showLog' }
  | { type: 'loadOlder'; cursor: number }
  | { type: 'approve'; id: string; decision: ApprovalAnswer }
  | { type: 'openSession'; id: string }
  | { type: 'openChild'; sessionId: string }
  | { type: 'closeChild' }
  | { type: 'exportPlan' }
  | { type: 'focusPlan' }
  | { type: 'dismissDemoBanner' }
  /** A user edit of the standing plan from the strip (writable sessions only; the host refuses it otherwise). */
  | { type: 'editPlan'; edit: PlanEditRequest }
  /** The page shows (true) or hides (false) the plan history. */
  | { type: 'planHistory'; open: boolean };

const seq = z.number().check(z.int(), z.minimum(1));

/** Every key, each a string (an enum-keyed record is exhaustive). */
const webviewStringsSchema = z.record(z.enum(WEBVIEW_STRING_KEYS), z.string()) satisfies z.ZodMiniType<WebviewStrings>;

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
    strings: webviewStringsSchema,
    sessions: z.exactOptional(z.array(sessionListItemSchema)),
    approvals: z.exactOptional(z.array(approvalViewSchema)),
    child: z.exactOptional(z.nullable(childViewSchema)),
  }),
  z.strictObject({ type: z.literal('items'), seq, items: z.array(transcriptItemSchema) }),
  z.strictObject({ type: z.literal('page'), seq, items: z.array(transcriptItemSchema), cursor }),
  z.strictObject({ type: z.literal('plan'), seq, plan: z.nullable(planViewSchema) }),
  z.strictObject({ type: z.literal('run'), seq, run: runViewSchema }),
  z.strictObject({ type: z.literal('provider'), seq, provider: providerViewSchema }),
  z.strictObject({ type: z.literal('stream'), seq, stream: z.nullable(streamViewSchema) }),
  z.strictObject({ type: z.literal('notice'), seq, level: z.enum(['info', 'error']), text: z.string() }),
  z.strictObject({ type: z.literal('sessions'), seq, sessions: z.array(sessionListItemSchema) }),
  z.strictObject({ type: z.literal('approvals'), seq, approvals: z.array(approvalViewSchema) }),
  z.strictObject({ type: z.literal('child'), seq, child: z.nullable(childViewSchema) }),
  z.strictObject({ type: z.literal('context'), seq, context: contextViewSchema }),
  z.strictObject({ type: z.literal('planHistory'), seq, history: z.nullable(z.array(planVersionViewSchema)), reveal: z.exactOptional(z.literal(true)) }),
  z.strictObject({ type: z.literal('planVersion'), seq, version: planVersionViewSchema }),
  z.strictObject({ type: z.literal('markdown'), seq, sessionId: z.string(), id: z.string(), order: z.number(), markdown: answerMarkdownSchema }),
  z.strictObject({
    type: z.literal('childDelta'),
    seq,
    sessionId: z.string(),
    items: z.array(transcriptItemSchema),
    plan: z.exactOptional(z.nullable(planViewSchema)),
    running: z.exactOptional(z.boolean()),
  }),
]) satisfies z.ZodMiniType<HostMessage>;

export const webviewMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('send'), text: z.string().check(z.minLength(1), z.maxLength(100_000)) }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('newSession') }),
  z.strictObject({ type: z.literal('openSettings') }),
  z.strictObject({ type: z.literal('showLog') }),
  z.strictObject({ type: z.literal('loadOlder'), cursor: z.number().check(z.int(), z.minimum(0)) }),
  z.strictObject({ type: z.literal('approve'), id: z.string().check(z.minLength(1)), decision: z.enum(APPROVAL_DECISIONS) }),
  z.strictObject({ type: z.literal('openSession'), id: z.string().check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('openChild'), sessionId: z.string().check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('closeChild') }),
  z.strictObject({ type: z.literal('exportPlan') }),
  z.strictObject({ type: z.literal('focusPlan') }),
  z.strictObject({ type: z.literal('dismissDemoBanner') }),
  z.strictObject({ type: z.literal('editPlan'), edit: planEditSchema }),
  z.strictObject({ type: z.literal('planHistory'), open: z.boolean() }),
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
