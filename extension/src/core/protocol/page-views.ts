// The views of the Agent page's parts besides the transcript and the plan, as the host
// posts them (messages.ts): the shown session, its context line, the provider, the run,
// the live stream, the session list, the pending approvals and the panels the host opens
// over the transcript. Each type is inferred from its zod/mini schema (the webview
// imports only the types).
import * as z from 'zod/mini';
import { planViewSchema } from './plan-view';
import { transcriptItemSchema } from './transcript';

export const sessionViewSchema = z.strictObject({
  id: z.string(),
  title: z.nullable(z.string()),
  /** Another window holds the session's write lock, or another program writes it: this one only shows it. */
  readOnly: z.boolean(),
  /**
   * Another program's session (an MCP client, a CLI run, the Chat tool): who writes
   * it, as the session list labels it ("<client> (MCP)"); the read-only banner
   * names it. Absent for the editor's own agent sessions.
   */
  writer: z.exactOptional(z.string()),
  /**
   * The other agent's own session file this session was made from (an `imported` source): the banner offers to open it.
   */
  agentFile: z.exactOptional(z.string()),
  /**
   * A read-only session whose comments this window keeps beside it (a followed or imported agent's: its comments side
   * log): the strip's rows offer Comment on Item… and its comments Resolve, the only edits made there.
   */
  commentsBeside: z.exactOptional(z.literal(true)),
  /**
   * The session's agent withheld its plan tools and it has none
   * (core/import/plan-notice.ts): the page explains it where the plan would be, with a
   * button that posts `agentAction` `planNotice` for the agent (texts localized by the host).
   */
  planNotice: z.exactOptional(z.strictObject({ agentId: z.string(), text: z.string(), button: z.string() })),
  /**
   * A large session still being opened: its latest page and plan are a
   * preview (read-only, no timings) until its full view replaces them.
   */
  opening: z.exactOptional(z.literal(true)),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/**
 * The session header's context line: `31k / 128k` (last prompt tokens
 * / window) and the rules file the model is told (`AGENTS.md`).
 */
export const contextViewSchema = z.strictObject({ use: z.nullable(z.string()), rules: z.nullable(z.string()) });
export type ContextView = z.infer<typeof contextViewSchema>;

export const providerViewSchema = z.strictObject({
  /** `demo`, `scripted`, `openai`, `anthropic`, `vscode-lm`. */
  id: z.string(),
  model: z.string(),
  isDemo: z.boolean(),
  /** Why the configured provider cannot run, when it cannot. */
  problem: z.nullable(z.string()),
  /**
   * An ACP agent runs new sessions (agentChecklist.agent): its name
   * ("<agent> (ACP)"); the header names it instead of the model.
   */
  agent: z.exactOptional(z.string()),
  /** While the demo runs: the name of a model VS Code offers (vscode.lm), which the demo banner offers in one click. */
  languageModel: z.exactOptional(z.string()),
  /** The user dismissed the demo banner (remembered by the host); the header still says "Demo". */
  demoBannerDismissed: z.exactOptional(z.boolean()),
  /**
   * Whether the next prompt plans first (agentChecklist.planFirst: the composer's Plan
   * first toggle); absent when an ACP agent runs new sessions (plan first is our agent's).
   */
  planFirst: z.exactOptional(z.boolean()),
});
export type ProviderView = z.infer<typeof providerViewSchema>;

/** Run All Items under way: the running turn is item `n` (`content`, one line), the `at`-th of `of` the run tries. */
const runAllViewSchema = z.strictObject({
  at: z.number(),
  of: z.number(),
  n: z.number(),
  content: z.string(),
});
export type RunAllView = z.infer<typeof runAllViewSchema>;

export const runViewSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('idle') }),
  z.strictObject({
    state: z.literal('running'),
    turn: z.number(),
    stopping: z.boolean(),
    /** Set while Run All Items runs this turn (the strip paints it); absent otherwise. */
    runAll: z.exactOptional(runAllViewSchema),
  }),
]);
export type RunView = z.infer<typeof runViewSchema>;

/** Text streaming in for the step the model is answering (live only, not logged). */
export const streamViewSchema = z.strictObject({
  turn: z.number(),
  step: z.number(),
  text: z.string(),
  reasoning: z.string(),
  /** Set while a failed request waits to be retried. */
  retry: z.nullable(z.string()),
});
export type StreamView = z.infer<typeof streamViewSchema>;

/** One session of this workspace, for the session list (newest first). */
export const sessionListItemSchema = z.strictObject({
  id: z.string(),
  title: z.nullable(z.string()),
  /** ISO 8601. */
  modified: z.string(),
  /** The session the view shows. */
  current: z.boolean(),
  /** Who writes it, as the list shows it: "<client> (MCP)", "CLI", "Agent", "Chat" (localized). */
  source: z.exactOptional(z.string()),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;

/** A tool call waiting for the user's Approve / Deny (core/tools/approvals ApprovalRequest + an id). */
export const approvalViewSchema = z.strictObject({
  /** Answer with `{ type: 'approve', id }`. */
  id: z.string(),
  tool: z.string(),
  /** One line. */
  summary: z.string(),
  /** The full text (command, diff). */
  detail: z.string(),
  callId: z.string(),
  /** The session whose model made the call (a subagent's own id); null without one. */
  sessionId: z.nullable(z.string()),
  /** Why a protected file needs this answer (the card shows it and offers no "always allow"). */
  protectedReason: z.exactOptional(z.string()),
  /** An ACP agent's own allow-always option, which "always" picks; null: it offers none (no "always"). */
  agentAlways: z.exactOptional(z.nullable(z.string())),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

/** A subagent's session opened over the parent's transcript (read from the child's log). */
const childViewSchema = z.strictObject({
  sessionId: z.string(),
  title: z.string(),
  items: z.array(transcriptItemSchema),
  /** The child's own standing plan (single owner: never the parent's). */
  plan: z.nullable(planViewSchema),
  running: z.boolean(),
});
export type ChildView = z.infer<typeof childViewSchema>;

/**
 * The panel the host opens over the transcript (one at a time), by kind. A new panel is
 * a member here: the `panel` message carries it, the page keeps it, and the page's table
 * of panel components (webview/src/lazy-views.tsx PANELS) must name its kind to compile.
 */
export const openPanelSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('child'), view: childViewSchema }),
]);
export type OpenPanel = z.infer<typeof openPanelSchema>;
export type PanelKind = OpenPanel['kind'];
export type PanelView<K extends PanelKind> = Extract<OpenPanel, { kind: K }>['view'];
