// How an ACP agent's writes and terminals through us (acp-client-files.ts,
// acp-client-terminals.ts) are approved. An agent usually asks first
// (session/request_permission) about the call that then writes or runs through us, so
// an allow of that call in the running turn is a grant, each part used once:
//   - a write: each of the call's locations, when the call's kind can write (not read,
//     search, fetch, think or switch_mode), covers one write of the file it leads to;
//   - a terminal: an `execute` call covers one terminal whose command line is exactly
//     the call's command (its rawInput.command, else its title without backticks).
// Anything else is asked through the session's Approvals under our own tool's name
// (write_file, bash), so auto-approve, --yes and "always allow" apply as they do to our
// tools; the question goes on the log as a call of ours (`agent-checklist-<turn>-<n>`:
// its title, kind, locations and diff), then the decision, then how it ended. A
// protected file (protected-paths.ts `approve`) is always asked: no grant covers it,
// since the agent's card did not say the file is protected.
import type { ToolCall, ToolKind } from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import type { ApprovalCard, ApprovalOutcome, ApprovalRequest, Approvals } from '../tools/approvals';
import type { Workspace } from '../tools/workspace';
import type { AcpTurnLog } from './acp-turn-log';

/** The running prompt of a session: its log and the signal that stops it. */
export interface AcpClientTurn {
  log: AcpTurnLog;
  signal: AbortSignal;
}

/** What is asked when no grant covers an action: our tool's name and card, and the call that shows it on the log. */
export interface AcpClientAsk {
  tool: string;
  card: ApprovalCard;
  protectedReason?: string;
  call: Pick<ToolCall, 'title' | 'kind' | 'locations' | 'content' | 'rawInput'>;
}

/**
 * An approved action reports how it ended (on the call of ours that asked; a grant's call is the agent's to report).
 */
export type AcpClientApproval =
  { approved: true; ended(ok: boolean, text: string): void } | { approved: false; message: string };

const NOT_WRITING: ReadonlySet<ToolKind> = new Set(['read', 'search', 'fetch', 'think', 'switch_mode']);

interface Grant {
  turn: number;
  /** The locations (as the agent wrote them) not yet used. */
  paths: string[];
  /** The command not yet used; null when none (used, or not an `execute` call). */
  command: string | null;
}

/** The command an `execute` call said it runs: rawInput.command, else its title without surrounding backticks. */
function grantedCommand(fields: Readonly<Omit<ToolCall, 'toolCallId'>>): string | null {
  if (fields.kind !== 'execute') return null;
  const raw = fields.rawInput;
  if (typeof raw === 'object' && raw !== null && 'command' in raw && typeof raw.command === 'string')
    return raw.command.trim();
  const title = fields.title.trim().replace(/^`([^`]*)`$/, '$1');
  return title === '' ? null : title;
}

export class AcpClientApprovals {
  private grants: Grant[] = [];
  private asked = 0;

  constructor(
    private readonly approvals: Approvals,
    private readonly workspace: Workspace,
    /** Our log's session id, which approval requests name. */
    private readonly logSessionId: () => string,
  ) {}

  /**
   * The agent's permission request about `toolCallId` was decided
   * in `turn`: an allow is a grant for the rest of the turn.
   */
  permitted(turn: AcpClientTurn, toolCallId: string, record: ApprovalRecord): void {
    const at = turn.log.openTurn;
    const fields = turn.log.callFields(toolCallId);
    if (at === null || fields === undefined || (record.decision !== 'approve' && record.decision !== 'approve-always'))
      return;
    this.grants = this.grants.filter((g) => g.turn === at);
    const paths =
      fields.kind != null && NOT_WRITING.has(fields.kind) ? [] : (fields.locations ?? []).map((l) => l.path);
    this.grants.push({ turn: at, paths, command: grantedCommand(fields) });
  }

  /** A write of the file at `display` (ResolvedPath.display): a grant's location leading there, else asked. */
  async write(
    turn: AcpClientTurn,
    display: string,
    ask: AcpClientAsk,
    signal: AbortSignal,
  ): Promise<AcpClientApproval> {
    if (ask.protectedReason === undefined && (await this.takePath(turn, display)))
      return { approved: true, ended: () => undefined };
    return this.ask(turn, ask, signal);
  }

  /** A terminal running `commandLine`: a grant of exactly that command, else asked. */
  async command(
    turn: AcpClientTurn,
    commandLine: string,
    ask: AcpClientAsk,
    signal: AbortSignal,
  ): Promise<AcpClientApproval> {
    const grant = this.current(turn).find((g) => g.command !== null && g.command === commandLine.trim());
    if (grant !== undefined) {
      grant.command = null;
      return { approved: true, ended: () => undefined };
    }
    return this.ask(turn, ask, signal);
  }

  private current(turn: AcpClientTurn): Grant[] {
    return this.grants.filter((g) => g.turn === turn.log.openTurn);
  }

  private async takePath(turn: AcpClientTurn, display: string): Promise<boolean> {
    for (const grant of this.current(turn)) {
      for (const [i, granted] of grant.paths.entries()) {
        const resolved = await this.workspace.resolve(granted);
        if (!resolved.ok || resolved.display !== display) continue;
        grant.paths.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  private async ask(turn: AcpClientTurn, ask: AcpClientAsk, signal: AbortSignal): Promise<AcpClientApproval> {
    const callId = `agent-checklist-${turn.log.openTurn ?? 0}-${++this.asked}`;
    turn.log.asked({ toolCallId: callId, status: 'pending', ...ask.call });
    const request: ApprovalRequest = {
      tool: ask.tool,
      ...ask.card,
      callId,
      sessionId: this.logSessionId(),
      ...(ask.protectedReason === undefined ? {} : { protectedReason: ask.protectedReason }),
    };
    let outcome: ApprovalOutcome;
    try {
      outcome = await this.approvals.check(request, AbortSignal.any([signal, turn.signal]));
    } catch (error) {
      outcome = {
        approved: false,
        message: `the approval could not be asked: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    const ended = (ok: boolean, text: string): void =>
      turn.log.update({
        sessionUpdate: 'tool_call_update',
        toolCallId: callId,
        status: ok ? 'completed' : 'failed',
        content: [...(ask.call.content ?? []), { type: 'content', content: { type: 'text', text } }],
      });
    if (!outcome.approved) {
      ended(false, outcome.message);
      return outcome;
    }
    return { approved: true, ended };
  }
}
