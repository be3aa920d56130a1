// Host -> webview: the map of the messages the host posts (messages.ts derives the
// unions, the types' table and the webview's handler table from it). The host builds
// each message from these typed values; the webview imports only types.
import * as z from 'zod/mini';
import { answerMarkdownSchema } from './markdown-schema';
import {
  approvalViewSchema,
  contextViewSchema,
  openPanelSchema,
  providerViewSchema,
  runViewSchema,
  sessionListItemSchema,
  sessionViewSchema,
  streamViewSchema,
} from './page-views';
import { planVersionViewSchema } from './plan-history-view';
import { planViewSchema } from './plan-view';
import { WEBVIEW_STRING_KEYS } from './strings';
import { transcriptItemSchema } from './transcript';

const items = z.array(transcriptItemSchema);
const cursor = z.nullable(z.number());
const plan = z.nullable(planViewSchema);

/** Host -> webview: each message's fields besides `type` and `seq`. */
export const hostMessageFields = {
  snapshot: z.strictObject({
    session: z.nullable(sessionViewSchema),
    /** The tail page of the transcript, oldest first. */
    items,
    /** Pass back in `loadOlder` for the page before; null at the start of the log. */
    cursor,
    plan,
    run: runViewSchema,
    provider: providerViewSchema,
    stream: z.nullable(streamViewSchema),
    /**
     * Every UI string by key, localized (strings.ts `localizeStrings`): the
     * page has no table of its own (an enum-keyed record is exhaustive).
     */
    strings: z.record(z.enum(WEBVIEW_STRING_KEYS), z.string()),
    /** Absent means none. */
    sessions: z.exactOptional(z.array(sessionListItemSchema)),
    /** Every pending approval; absent means none. */
    approvals: z.exactOptional(z.array(approvalViewSchema)),
    /** The panel shown over the transcript (a subagent's transcript); absent means none. */
    panel: z.exactOptional(z.nullable(openPanelSchema)),
  }),
  items: z.strictObject({ items }),
  page: z.strictObject({ items, cursor }),
  plan: z.strictObject({ plan }),
  run: z.strictObject({ run: runViewSchema }),
  provider: z.strictObject({ provider: providerViewSchema }),
  stream: z.strictObject({ stream: z.nullable(streamViewSchema) }),
  notice: z.strictObject({ level: z.enum(['info', 'error']), text: z.string() }),
  sessions: z.strictObject({ sessions: z.array(sessionListItemSchema) }),
  /** The whole pending list, each time it changes. */
  approvals: z.strictObject({ approvals: z.array(approvalViewSchema) }),
  /** Opens a panel over the transcript (its whole view), replacing the one shown, or closes it (null). */
  panel: z.strictObject({ panel: z.nullable(openPanelSchema) }),
  /**
   * What changed in the open subagent panel's session: items created or
   * changed (whole, by id), and the plan or running state when they changed.
   */
  childDelta: z.strictObject({
    sessionId: z.string(),
    items,
    plan: z.exactOptional(plan),
    running: z.exactOptional(z.boolean()),
  }),
  /** The context meter and rules file, after each snapshot and each step. */
  context: z.strictObject({ context: contextViewSchema }),
  /**
   * Every plan version of the shown session in log order (the page asked: planHistory
   * open); null: it closed it. A snapshot clears it: a page still showing it asks again.
   * `reveal`: the host asks the page to show it (Show Plan History,
   * a command outside the page); the page opens its history view.
   */
  planHistory: z.strictObject({
    history: z.nullable(z.array(planVersionViewSchema)),
    reveal: z.exactOptional(z.literal(true)),
  }),
  /** A new plan version, after the ones posted, while the page shows the history. */
  planVersion: z.strictObject({ version: planVersionViewSchema }),
  /**
   * An answer's Markdown, parsed after its row was posted: applied to row `id`
   * (at `order`) of session `sessionId` where the page shows it, else dropped.
   */
  markdown: z.strictObject({
    sessionId: z.string(),
    id: z.string(),
    order: z.number(),
    markdown: answerMarkdownSchema,
  }),
};
