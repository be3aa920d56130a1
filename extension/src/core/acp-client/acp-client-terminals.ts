// ACP's terminal methods, each terminal one command run as our bash tool runs one
// (run-sandboxed.ts): in the bubblewrap sandbox with the same policy (the
// workspace the only writable folder, its protected paths read-only, no network unless
// the user allows it, the same limits), in its own process group, with the environment
// our tools get (secrets dropped), its output redacted of those secrets. Only in a
// trusted workspace and during a prompt, approved as acp-client-approvals.ts says (the
// card: bash's, showing the whole line that runs).
//   - create: `command` alone is a shell command line (`bash -c <command>`); with `args`
//     the words are quoted so bash runs exactly that program with those arguments. The
//     variables the agent names (`env`) are `export`ed at the start of that line, so
//     they apply inside the sandbox only (given to the process that starts bwrap, PATH,
//     BASH_ENV or LD_PRELOAD would choose what runs outside it). `cwd` must be a folder
//     inside the workspace (default: its root). The output kept is the last
//     min(outputByteLimit, 32 KiB) bytes, cut at a character boundary. Like bash's
//     longest command, it is ended after 600 s.
//   - output: what is kept so far, whether anything was dropped, and the exit once there;
//   - wait_for_exit: the exit; kill: ends the command's whole process group (SIGTERM,
//     then SIGKILL), the terminal stays for its output; release: kills it, resolves once
//     it is gone, and forgets it.
// close() (the session ends) kills every terminal and resolves once all are gone.
import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalResponse,
  ReleaseTerminalResponse,
  TerminalExitStatus,
  TerminalOutputResponse,
} from '@agentclientprotocol/sdk';
import {
  BASH_OUTPUT_HEAD_BYTES,
  BASH_OUTPUT_TAIL_BYTES,
  BASH_TOOL_NAME,
  bashApprovalCard,
  type SandboxChoice,
  UNTRUSTED_BASH_MESSAGE,
} from '../tools/bash/bash-tool';
import { MAX_BASH_TIMEOUT_MS } from '../tools/bash/bash-signature';
import { HeadTailBuffer } from '../tools/bash/output-cap';
import type { ShellRunResult } from '../tools/bash/process-group';
import type { Redactor } from '../tools/tool-env';
import type { AcpClientApprovals } from './acp-client-approvals';
import type { AcpClientSession, AcpServed } from './acp-client-files';
import { joinCommandLine } from './command-line';

/** The most output a terminal keeps: what bash keeps of one command. */
const TERMINAL_OUTPUT_BYTES = BASH_OUTPUT_HEAD_BYTES + BASH_OUTPUT_TAIL_BYTES;

const unknownTerminalMessage = (id: string): string =>
  `no terminal ${JSON.stringify(id)} in this session (it was released, or never created)`;
const CLOSING_MESSAGE = 'the session is ending: no terminal is started';
const KILLED_BEFORE_START = 'the terminal was killed before its command started';

export interface AcpTerminalsOptions {
  /** The workspace and the sandbox policy, as bash's. */
  sandbox: SandboxChoice;
  approvals: AcpClientApprovals;
  session: AcpClientSession;
  /** Workspace trust, read at each create. */
  trusted: () => boolean;
  /** Our tools' environment (secrets dropped). */
  env: NodeJS.ProcessEnv;
  redactor: Redactor;
}

interface AcpTerminal {
  buffer: HeadTailBuffer;
  stop: AbortController;
  exit: TerminalExitStatus | null;
  ended: Promise<TerminalExitStatus>;
}

const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The line bash runs in the sandbox: an `export` line for each of
 * `env`, then `command` as written, or with `args` every word quoted.
 */
function terminalCommandLine(params: Pick<CreateTerminalRequest, 'command' | 'args' | 'env'>): AcpServed<string> {
  const env = params.env ?? [];
  const bad = env.find((v) => !SHELL_NAME.test(v.name));
  if (bad !== undefined)
    return {
      ok: false,
      message: `the terminal's environment variable ${JSON.stringify(bad.name)} is not a name a shell can set`,
    };
  const command =
    params.args === undefined || params.args.length === 0
      ? params.command
      : joinCommandLine([params.command, ...params.args]);
  return {
    ok: true,
    result: [...env.map((v) => `export ${v.name}=${joinCommandLine([v.value])}`), command].join('\n'),
  };
}

/** Why the command never ran, as a line of its output: it could not start, or it was killed first. */
function startFailure(run: ShellRunResult): string[] {
  if (run.spawnError !== null) return [`bash could not start: ${run.spawnError}`];
  return run.pid === null && run.stopped ? [KILLED_BEFORE_START] : [];
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class AcpClientTerminals {
  private readonly terminals = new Map<string, AcpTerminal>();
  private created = 0;
  private closed = false;

  constructor(private readonly options: AcpTerminalsOptions) {}

  async create(params: CreateTerminalRequest, signal: AbortSignal): Promise<AcpServed<CreateTerminalResponse>> {
    const { session, sandbox, approvals } = this.options;
    const running = session.turnFor(params.sessionId);
    if (!running.ok) return running;
    if (!this.options.trusted()) return { ok: false, message: UNTRUSTED_BASH_MESSAGE };
    const cwd = await sandbox.workspace.resolve(params.cwd ?? sandbox.workspace.root);
    if (!cwd.ok) return cwd;
    if (cwd.stat?.kind !== 'directory')
      return { ok: false, message: `the terminal's cwd ${JSON.stringify(cwd.display)} is not a folder` };
    const line = terminalCommandLine(params);
    if (!line.ok) return line;
    const command = line.result;
    const card = bashApprovalCard(command, cwd.real, MAX_BASH_TIMEOUT_MS);
    const approval = await approvals.command(
      running.result,
      command,
      {
        tool: BASH_TOOL_NAME,
        card,
        call: { title: card.summary, kind: 'execute', rawInput: { command, cwd: cwd.real } },
      },
      signal,
    );
    if (!approval.approved) return { ok: false, message: approval.message };
    await session.beforeChange();
    if (this.closed) {
      approval.ended(false, CLOSING_MESSAGE);
      return { ok: false, message: CLOSING_MESSAGE };
    }
    const terminalId = `terminal-${++this.created}`;
    const cap = Math.min(params.outputByteLimit ?? TERMINAL_OUTPUT_BYTES, TERMINAL_OUTPUT_BYTES);
    this.terminals.set(terminalId, this.start(command, cwd.real, cap));
    approval.ended(true, `running in terminal ${terminalId}`);
    return { ok: true, result: { terminalId } };
  }

  output(params: { sessionId: string; terminalId: string }): AcpServed<TerminalOutputResponse> {
    const found = this.find(params);
    if (!found.ok) return found;
    const { buffer, exit } = found.result;
    return {
      ok: true,
      result: {
        output: buffer.keptText(),
        truncated: buffer.droppedBytes > 0,
        ...(exit === null ? {} : { exitStatus: exit }),
      },
    };
  }

  async waitForExit(
    params: { sessionId: string; terminalId: string },
    signal: AbortSignal,
  ): Promise<AcpServed<TerminalExitStatus>> {
    const found = this.find(params);
    if (!found.ok) return found;
    const cancelled = new Promise<AcpServed<TerminalExitStatus>>((resolve) => {
      if (signal.aborted) resolve({ ok: false, message: 'cancelled' });
      signal.addEventListener('abort', () => resolve({ ok: false, message: 'cancelled' }), { once: true });
    });
    return Promise.race([
      found.result.ended.then((exit): AcpServed<TerminalExitStatus> => ({ ok: true, result: exit })),
      cancelled,
    ]);
  }

  kill(params: { sessionId: string; terminalId: string }): AcpServed<KillTerminalResponse> {
    const found = this.find(params);
    if (!found.ok) return found;
    found.result.stop.abort();
    return { ok: true, result: {} };
  }

  async release(params: { sessionId: string; terminalId: string }): Promise<AcpServed<ReleaseTerminalResponse>> {
    const found = this.find(params);
    if (!found.ok) return found;
    this.terminals.delete(params.terminalId);
    found.result.stop.abort();
    await found.result.ended;
    return { ok: true, result: {} };
  }

  /** Kills every terminal; resolves once their commands are gone. No terminal starts afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.terminals.values()];
    this.terminals.clear();
    for (const terminal of all) terminal.stop.abort();
    await Promise.all(all.map((t) => t.ended));
  }

  private find(params: { sessionId: string; terminalId: string }): AcpServed<AcpTerminal> {
    const owned = this.options.session.owns(params.sessionId);
    if (!owned.ok) return owned;
    const terminal = this.terminals.get(params.terminalId);
    return terminal === undefined
      ? { ok: false, message: unknownTerminalMessage(params.terminalId) }
      : { ok: true, result: terminal };
  }

  private start(command: string, cwd: string, cap: number): AcpTerminal {
    const buffer = new HeadTailBuffer(0, cap);
    const stop = new AbortController();
    const options = {
      command,
      cwd,
      env: this.options.env,
      redactor: this.options.redactor,
      timeoutMs: MAX_BASH_TIMEOUT_MS,
      signal: stop.signal,
      headBytes: 0,
      tailBytes: cap,
      buffer,
    };
    const run = import('../tools/bash/run-sandboxed').then(({ runSandboxed }) =>
      runSandboxed(this.options.sandbox, options),
    );
    const ended = (exit: TerminalExitStatus, notes: readonly string[]): TerminalExitStatus => {
      if (notes.length > 0) buffer.push(Buffer.from(`${notes.join('\n')}\n`));
      terminal.exit = exit;
      return exit;
    };
    const terminal: AcpTerminal = {
      buffer,
      stop,
      exit: null,
      ended: run.then(
        ({ run: result, afterwards }) =>
          ended({ exitCode: result.exitCode, signal: result.exitSignal }, [...startFailure(result), ...afterwards]),
        (error: unknown) =>
          ended({ exitCode: null, signal: null }, [`the command could not be run: ${message(error)}`]),
      ),
    };
    return terminal;
  }
}
