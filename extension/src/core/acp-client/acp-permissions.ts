// How an ACP agent's permission request is decided: through our approvals (the host's
// gate, --yes, or no one), with the card acp-permission-answer.ts makes of it and the
// agent's own "always" option named; every decision is handed to the session (which
// logs it) as it is made.
import type { RequestPermissionRequest, ToolCallLocation } from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import { Approvals, type ApprovalRequest } from '../tools/approvals';
import { acpApprovalCard } from './acp-permission-answer';
import type { AcpSessionOptions } from './acp-session-options';

/** The call asked about: its name on our log, the files the agent named, and our log's session id. */
export interface AskedCall {
  name: string;
  locations: readonly ToolCallLocation[];
  sessionId: string;
}

export class AcpPermissions {
  readonly approvals: Approvals;
  private readonly decisions = new Map<string, ApprovalRecord>();

  constructor(options: AcpSessionOptions['approvals'], onDecision: (callId: string, record: ApprovalRecord) => void) {
    this.approvals = new Approvals({
      gate: options.gate,
      autoApprove: options.autoApprove,
      ...(options.unattendedHint === undefined ? {} : { unattendedHint: options.unattendedHint }),
      onDecision: (request, record) => {
        this.decisions.set(request.callId, record);
        onDecision(request.callId, record);
      },
    });
  }

  /** The decision on the call `params` asks about; undefined when the asking was cancelled. */
  async decide(
    params: RequestPermissionRequest,
    { name, locations, sessionId }: AskedCall,
    signal: AbortSignal,
  ): Promise<ApprovalRecord | undefined> {
    const callId = params.toolCall.toolCallId;
    const agentAlways = params.options.find((o) => o.kind === 'allow_always')?.name ?? null;
    const request: ApprovalRequest = {
      tool: name,
      ...acpApprovalCard(params, name, locations),
      callId,
      sessionId,
      agentAlways,
    };
    this.decisions.delete(callId);
    try {
      await this.approvals.check(request, signal);
    } catch {
      return undefined;
    }
    return this.decisions.get(callId);
  }
}
