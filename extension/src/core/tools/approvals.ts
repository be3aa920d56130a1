// Approval of tool calls that act on the workspace (bash, write_file, edit_file).
// The core asks through an injected ApprovalGate (the webview's inline Approve /
// Deny, a terminal prompt, a test); it never decides for the user except when the
// user chose auto-approve. "Always allow in this session" is remembered per tool
// name by the Approvals object, which one run shares with its subagents, so an
// `approve-always` in a parent also covers the children it starts.
import * as z from 'zod/mini';
import { APPROVAL_DECISIONS, type ApprovalDecision, type ApprovalRecord } from '../domain-literals';
import type { ToolContext } from './tool';

export { type ApprovalDecision, type ApprovalRecord };

/** For hosts that receive a decision over a boundary (webview message, prompt answer). */
const approvalDecisionSchema = z.enum(APPROVAL_DECISIONS) satisfies z.ZodMiniType<ApprovalDecision>;

/** What the user is asked to allow. `summary` is one line; `detail` is the full text (command, diff). */
export interface ApprovalRequest {
  tool: string;
  summary: string;
  detail: string;
  callId: string;
  /** The session whose model made the call (a subagent's own id for its calls); null without one. */
  sessionId: string | null;
  /**
   * Set for a protected file (protected-paths.ts `approve`): why this call needs the
   * user's own answer. Such a request is always put to the gate: auto-approve and
   * "always allow" do not apply, and an `approve-always` answer approves this call only.
   */
  protectedReason?: string;
  /**
   * An ACP agent's question: the name of its own allow-always option, which the card's
   * "always" answers with (what it then covers is the agent's rule, not ours), or null
   * when the agent offers none (the card offers no "always").
   */
  agentAlways?: string | null;
}

/** What the approval card shows: one line, and the full text (command, diff). */
export interface ApprovalCard {
  summary: string;
  detail: string;
}

/**
 * Asks the user. Contract: resolves with the user's decision; when `signal` aborts
 * (the user pressed Stop) it should settle promptly (reject or resolve `deny`) and
 * withdraw any prompt it shows. It is never called for auto-approved or remembered tools,
 * except for a request with a `protectedReason`, which is always asked.
 */
export interface ApprovalGate {
  request(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision>;
}

export type ApprovalOutcome =
  { approved: true; by: 'auto' | 'remembered' | 'user' } | { approved: false; message: string };

const deniedMessage = (tool: string): string =>
  `the user denied this ${tool} call. Do not retry it as is: ask the user what to do or take another approach.`;
const unattendedMessage = (tool: string, hint?: string): string =>
  `this ${tool} call needs the user's approval and no one can ` +
  `be asked here${hint ? ` (${hint})` : ''}. It was not run.`;
const protectedUnattendedMessage = (tool: string, reason: string): string =>
  `this ${tool} call needs the user's approval of this one file and no one can be ` +
  `asked here (--yes and auto-approve do not cover it). It was not run. ${reason}`;
const stoppedBeforeApprovalMessage = (tool: string): string =>
  `the ${tool} call was stopped by the user before it was approved`;

export interface ApprovalsOptions {
  /** Who to ask; null when no one can be asked (headless without a terminal): calls needing approval are refused. */
  gate: ApprovalGate | null;
  /** Appended to the refusal when `gate` is null, e.g. how to auto-approve (`run with --yes`). */
  unattendedHint?: string;
  /**
   * The user's auto-approve setting (CLI `--yes`). A function is
   * read at each call, so a live setting change applies at once.
   */
  autoApprove?: boolean | (() => boolean);
  /** Told every decision, who made it, before the call runs or is refused (the host logs it: approval-log.ts). */
  onDecision?: (request: ApprovalRequest, record: ApprovalRecord) => void;
}

export class Approvals {
  private readonly always = new Set<string>();
  private readonly gate: ApprovalGate | null;
  private readonly unattendedHint: string | undefined;
  private readonly autoApprove: () => boolean;
  private readonly onDecision: ApprovalsOptions['onDecision'];

  constructor(options: ApprovalsOptions) {
    this.gate = options.gate;
    this.onDecision = options.onDecision;
    this.unattendedHint = options.unattendedHint;
    const auto = options.autoApprove ?? false;
    this.autoApprove = typeof auto === 'function' ? auto : () => auto;
  }

  /** Tools the user allowed for the rest of this session ("always allow"). */
  remembered(): string[] {
    return [...this.always];
  }

  /** Forgets every "always allow" (e.g. a host's "reset approvals" command). */
  forget(): void {
    this.always.clear();
  }

  /**
   * `check` for one tool call: the request names the call and the session
   * whose model made it; `protectedReason` as in ApprovalRequest.
   */
  checkCall(tool: string, card: ApprovalCard, ctx: ToolContext, protectedReason?: string): Promise<ApprovalOutcome> {
    const request: ApprovalRequest = { tool, ...card, callId: ctx.callId, sessionId: ctx.agent?.session.id ?? null };
    return this.check(protectedReason === undefined ? request : { ...request, protectedReason }, ctx.signal);
  }

  async check(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome> {
    const outcome = await this.decide(request, signal);
    this.onDecision?.(request, outcome.record);
    return outcome.outcome;
  }

  private async decide(
    request: ApprovalRequest,
    signal: AbortSignal,
  ): Promise<{ outcome: ApprovalOutcome; record: ApprovalRecord }> {
    const stopped = {
      outcome: { approved: false, message: stoppedBeforeApprovalMessage(request.tool) },
      record: { decision: 'stopped', by: 'user' },
    } as const;
    const protectedFile = request.protectedReason !== undefined;
    if (!protectedFile && this.autoApprove())
      return { outcome: { approved: true, by: 'auto' }, record: { decision: 'approve', by: 'auto' } };
    if (!protectedFile && this.always.has(request.tool))
      return { outcome: { approved: true, by: 'remembered' }, record: { decision: 'approve', by: 'rule' } };
    if (signal.aborted) return stopped;
    if (this.gate === null) {
      const message = protectedFile
        ? protectedUnattendedMessage(request.tool, request.protectedReason ?? '')
        : unattendedMessage(request.tool, this.unattendedHint);
      return { outcome: { approved: false, message }, record: { decision: 'refused', by: 'none' } };
    }
    let decision: ApprovalDecision;
    try {
      decision = approvalDecisionSchema.parse(await this.gate.request(request, signal));
    } catch (error) {
      if (signal.aborted) return stopped;
      throw error;
    }
    if (signal.aborted) return stopped;
    if (decision === 'deny')
      return { outcome: { approved: false, message: deniedMessage(request.tool) }, record: { decision, by: 'user' } };
    if (decision === 'approve-always' && !protectedFile) this.always.add(request.tool);
    return { outcome: { approved: true, by: 'user' }, record: { decision, by: 'user' } };
  }
}

/** One question, one answer line (a terminal prompt). Rejects when `signal` aborts. */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string>;

/** Answers `y`/`yes` approve, `a`/`always` approve-always, anything else denies. */
function parseApprovalAnswer(answer: string): ApprovalDecision {
  const a = answer.trim().toLowerCase();
  if (a === 'y' || a === 'yes') return 'approve';
  if (a === 'a' || a === 'always') return 'approve-always';
  return 'deny';
}

function approvalQuestion(request: ApprovalRequest): string {
  if (request.protectedReason !== undefined)
    return `\nAllow ${request.tool}?\n${request.protectedReason}\n${request.detail}\n[y]es / [N]o: `;
  return `\nAllow ${request.tool}?\n${request.detail}\n[y]es / [a]lways in this session / [N]o: `;
}

/** A gate that asks on a line-oriented prompt (the CLI on a TTY). */
export function promptGate(ask: AskLine): ApprovalGate {
  return { request: async (request, signal) => parseApprovalAnswer(await ask(approvalQuestion(request), signal)) };
}
