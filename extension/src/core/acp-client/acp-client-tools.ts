// What an ACP agent may use of ours as its client: ACP's file methods
// (acp-client-files.ts) and terminal methods (acp-client-terminals.ts), over the
// session's workspace folder, with the policy our own tools have there — the same
// protected paths, sandbox, environment and trust, and the session's Approvals. The
// agent's process is given these as its handlers (acp-agent-process.ts), which
// advertises them in `initialize`; a refusal comes back to the agent as the request's
// error. close() ends every terminal of the session.
import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  KillTerminalResponse,
  ReadTextFileRequest,
  ReadTextFileResponse,
  ReleaseTerminalRequest,
  ReleaseTerminalResponse,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
  WriteTextFileResponse,
} from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import type { Approvals } from '../tools/approvals';
import { isGlobError } from '../tools/glob';
import { NodeWorkspaceFs } from '../tools/node-workspace-fs';
import { protectedPaths, type ProtectedPaths } from '../tools/protected-paths';
import { Redactor, toolEnvironment } from '../tools/tool-env';
import type { ToolSetOptions } from '../tools/tool-set-context';
import { Workspace } from '../tools/workspace';
import { AcpClientApprovals, type AcpClientTurn } from './acp-client-approvals';
import { AcpClientFiles, type AcpClientSession, type AcpServed } from './acp-client-files';
import { AcpClientTerminals } from './acp-client-terminals';

export type { AcpServed };

/**
 * The host's policy for its own tools, applied to the agent's use of ours:
 * `environment.base` defaults to the session's environment (the agent's own).
 */
export type AcpClientToolsOptions = Pick<
  ToolSetOptions,
  'fs' | 'environment' | 'protectedPaths' | 'sandbox' | 'onSandboxUnavailable'
> & {
  /** Workspace trust (terminals run only while it is granted); a function is read at each terminal. */
  trusted: boolean | (() => boolean);
};

/** The client methods the agent's process serves, each answered or refused. */
export interface AcpClientServices {
  readTextFile(params: ReadTextFileRequest): Promise<AcpServed<ReadTextFileResponse>>;
  writeTextFile(params: WriteTextFileRequest, signal: AbortSignal): Promise<AcpServed<WriteTextFileResponse>>;
  createTerminal(params: CreateTerminalRequest, signal: AbortSignal): Promise<AcpServed<CreateTerminalResponse>>;
  terminalOutput(params: TerminalOutputRequest): Promise<AcpServed<TerminalOutputResponse>>;
  waitForTerminalExit(
    params: WaitForTerminalExitRequest,
    signal: AbortSignal,
  ): Promise<AcpServed<WaitForTerminalExitResponse>>;
  killTerminal(params: KillTerminalRequest): Promise<AcpServed<KillTerminalResponse>>;
  releaseTerminal(params: ReleaseTerminalRequest): Promise<AcpServed<ReleaseTerminalResponse>>;
}

/** What the tools read of their session (acp-agent-session.ts). */
export interface AcpClientSessionState {
  /** The workspace folder (absolute). */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  approvals: Approvals;
  /** The agent's session id once session/new has answered. */
  acpSessionId(): string | null;
  turn(): AcpClientTurn | null;
  logSessionId(): string;
  /** A write or a command is about to change the workspace (its checkpoint: acp-checkpoints.ts). */
  beforeChange(): Promise<void>;
}

const NO_PROMPT_MESSAGE = 'no prompt of this session is running: a write or a terminal is served only during a prompt';
const otherSessionMessage = (id: string): string => `session ${JSON.stringify(id)} is not this connection's session`;

export class AcpClientTools implements AcpClientServices {
  private readonly approvals: AcpClientApprovals;
  private readonly files: AcpClientFiles;
  private readonly terminals: AcpClientTerminals;

  constructor(
    options: AcpClientToolsOptions,
    private readonly state: AcpClientSessionState,
  ) {
    const workspace = new Workspace(state.cwd, options.fs ?? new NodeWorkspaceFs());
    const toolEnv = toolEnvironment(options.environment?.base ?? { ...state.env }, options.environment ?? {});
    let protect: ProtectedPaths | { broken: string };
    try {
      protect = protectedPaths(options.protectedPaths ?? []);
    } catch (error) {
      if (!isGlobError(error)) throw error;
      protect = { broken: `agentChecklist.tools.protectedPaths has a malformed glob (${error.message})` };
    }
    const session: AcpClientSession = {
      owns: (id) => this.owns(id),
      turnFor: (id) => this.turnFor(id),
      beforeChange: state.beforeChange,
    };
    this.approvals = new AcpClientApprovals(state.approvals, workspace, state.logSessionId);
    this.files = new AcpClientFiles(workspace, protect, this.approvals, session);
    const trusted = options.trusted;
    this.terminals = new AcpClientTerminals({
      sandbox: {
        workspace,
        ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
        ...(options.onSandboxUnavailable === undefined ? {} : { onSandboxUnavailable: options.onSandboxUnavailable }),
      },
      approvals: this.approvals,
      session,
      trusted: typeof trusted === 'function' ? trusted : () => trusted,
      env: toolEnv.env,
      redactor: new Redactor(toolEnv.droppedValues),
    });
  }

  /**
   * The agent's permission request about `toolCallId` was decided: an
   * allow covers that call's writes and command (acp-client-approvals.ts).
   */
  permitted(toolCallId: string, record: ApprovalRecord): void {
    const turn = this.state.turn();
    if (turn !== null) this.approvals.permitted(turn, toolCallId, record);
  }

  /** Ends every terminal of the session; resolves once they are gone. */
  close(): Promise<void> {
    return this.terminals.close();
  }

  readTextFile = (params: ReadTextFileRequest) => this.files.read(params);
  writeTextFile = (params: WriteTextFileRequest, signal: AbortSignal) => this.files.write(params, signal);
  createTerminal = (params: CreateTerminalRequest, signal: AbortSignal) => this.terminals.create(params, signal);
  terminalOutput = async (params: TerminalOutputRequest) => this.terminals.output(params);
  waitForTerminalExit = (params: WaitForTerminalExitRequest, signal: AbortSignal) =>
    this.terminals.waitForExit(params, signal);
  killTerminal = async (params: KillTerminalRequest) => this.terminals.kill(params);
  releaseTerminal = (params: ReleaseTerminalRequest) => this.terminals.release(params);

  private owns(sessionId: string): AcpServed<null> {
    const ours = this.state.acpSessionId();
    return ours === null || ours === sessionId
      ? { ok: true, result: null }
      : { ok: false, message: otherSessionMessage(sessionId) };
  }

  private turnFor(sessionId: string): AcpServed<AcpClientTurn> {
    const owned = this.owns(sessionId);
    if (!owned.ok) return owned;
    const turn = this.state.turn();
    return turn === null || turn.signal.aborted
      ? { ok: false, message: NO_PROMPT_MESSAGE }
      : { ok: true, result: turn };
  }
}
