// The views of the Agent page's parts besides the transcript and the plan, as the host
// posts them (messages.ts): the shown session, its context line, the provider, the run,
// the live stream, the session list, the pending approvals and the subagent panel. Each
// type with its zod/mini schema (host-side: the webview imports only the types).
import * as z from 'zod/mini';
import { planViewSchema, type PlanView } from './plan-view';
import { type TranscriptItem, transcriptItemSchema } from './transcript';

export interface SessionView {
  id: string;
  title: string | null;
  /** Another window holds the session's write lock, or another program writes it: this one only shows it. */
  readOnly: boolean;
  /**
   * Another program's session (an MCP client, a CLI run, the Chat tool): who writes
   * it, as the session list labels it ("Claude Code (MCP)"); the read-only banner
   * names it. Absent for the editor's own agent sessions.
   */
  writer?: string;
}

/** The session header's context line: `31k / 128k` (last prompt tokens / window) and the rules file the model is told (`AGENTS.md`). */
export interface ContextView {
  use: string | null;
  rules: string | null;
}

export interface ProviderView {
  /** `demo`, `scripted`, `openai`, `anthropic`, `vscode-lm`. */
  id: string;
  model: string;
  isDemo: boolean;
  /** Why the configured provider cannot run, when it cannot. */
  problem: string | null;
  /** The user dismissed the demo banner (remembered by the host); the header still says "Demo". */
  demoBannerDismissed?: boolean;
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

/** One session of this workspace, for the session list (newest first). */
export interface SessionListItem {
  id: string;
  title: string | null;
  /** ISO 8601. */
  modified: string;
  /** The session the view shows. */
  current: boolean;
  /** Who writes it, as the list shows it: "Claude Code (MCP)", "CLI", "Agent", "Chat" (localized). */
  source?: string;
}

/** A tool call waiting for the user's Approve / Deny (core/tools/approvals ApprovalRequest + an id). */
export interface ApprovalView {
  /** Answer with `{ type: 'approve', id }`. */
  id: string;
  tool: string;
  /** One line. */
  summary: string;
  /** The full text (command, diff). */
  detail: string;
  callId: string;
  /** The session whose model made the call (a subagent's own id); null without one. */
  sessionId: string | null;
  /** Why a protected file needs this answer (the card shows it and offers no "always allow"). */
  protectedReason?: string;
}

/** A subagent's session opened over the parent's transcript (read from the child's log). */
export interface ChildView {
  sessionId: string;
  title: string;
  items: TranscriptItem[];
  /** The child's own standing plan (single owner: never the parent's). */
  plan: PlanView | null;
  running: boolean;
}

export const sessionViewSchema = z.strictObject({ id: z.string(), title: z.nullable(z.string()), readOnly: z.boolean(), writer: z.exactOptional(z.string()) }) satisfies z.ZodMiniType<SessionView>;

export const contextViewSchema = z.strictObject({ use: z.nullable(z.string()), rules: z.nullable(z.string()) }) satisfies z.ZodMiniType<ContextView>;

export const providerViewSchema = z.strictObject({
  id: z.string(),
  model: z.string(),
  isDemo: z.boolean(),
  problem: z.nullable(z.string()),
  demoBannerDismissed: z.exactOptional(z.boolean()),
}) satisfies z.ZodMiniType<ProviderView>;

export const runViewSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('idle') }),
  z.strictObject({ state: z.literal('running'), turn: z.number(), stopping: z.boolean() }),
]) satisfies z.ZodMiniType<RunView>;

export const streamViewSchema = z.strictObject({
  turn: z.number(),
  step: z.number(),
  text: z.string(),
  reasoning: z.string(),
  retry: z.nullable(z.string()),
}) satisfies z.ZodMiniType<StreamView>;

export const sessionListItemSchema = z.strictObject({
  id: z.string(),
  title: z.nullable(z.string()),
  modified: z.string(),
  current: z.boolean(),
  source: z.exactOptional(z.string()),
}) satisfies z.ZodMiniType<SessionListItem>;

export const approvalViewSchema = z.strictObject({
  id: z.string(),
  tool: z.string(),
  summary: z.string(),
  detail: z.string(),
  callId: z.string(),
  sessionId: z.nullable(z.string()),
  protectedReason: z.exactOptional(z.string()),
}) satisfies z.ZodMiniType<ApprovalView>;

export const childViewSchema = z.strictObject({
  sessionId: z.string(),
  title: z.string(),
  items: z.array(transcriptItemSchema),
  plan: z.nullable(planViewSchema),
  running: z.boolean(),
}) satisfies z.ZodMiniType<ChildView>;
