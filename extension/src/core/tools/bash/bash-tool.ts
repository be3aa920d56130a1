// The bash tool: one shell command in the workspace folder. Checked in a fixed
// order, each refusal a stable error result the model can read and nothing run:
// arguments (schema) -> workspace trust -> the user's approval -> run. The run's
// result text ends with ONE status line (`[exit code: N]`, `[killed by signal S]`,
// `[timed out …]`, `[stopped by the user …]`); how it ended is also logged as data
// (`details`, bash-view.ts), which is what hosts show.
// Where bubblewrap runs, every command runs in the sandbox (sandbox.ts): the
// workspace writable, the rest read-only, /tmp private, no network unless allowed.
import type { ApprovalCard, Approvals } from '../approvals';
import { BASH_TOOL_NAME, bashResultText, type BashExit } from './bash-view';
import { bashArgsSchema, DEFAULT_BASH_TIMEOUT_MS, MAX_BASH_TIMEOUT_MS } from './bash-signature';
import type { ShellRunResult } from './process-group';
import type { SandboxChoice } from './run-sandboxed';
import { errorResult, toParameters, type ToolDefinition, type ToolResult } from '../tool';
import { parseArguments } from '../../zod-issues';
import type { Redactor } from '../tool-env';

export { BASH_TOOL_NAME };
export type { SandboxChoice };
/** Output kept: this much from the start and this much from the end. */
export const BASH_OUTPUT_HEAD_BYTES = 16 * 1024;
export const BASH_OUTPUT_TAIL_BYTES = 16 * 1024;

export const UNTRUSTED_BASH_MESSAGE =
  'bash is disabled because this workspace is not trusted. Tell ' +
  'the user; they can trust the workspace to allow commands.';
const NO_OUTPUT = '(no output)';

const BASH_DESCRIPTION_HEAD =
  'Run a shell command with bash in the workspace folder. Returns the ' +
  'combined stdout and stderr and, on the last line, the exit code.';
const BASH_DESCRIPTION_APPROVAL =
  'The user may have to approve each command first; a denied command is not ' +
  'run: do not retry it unchanged, ask the user or take another approach.';
const bashDescriptionLimits = (headBytes: number, tailBytes: number): string =>
  `Commands get no standard input (do not start interactive programs). They time out after ` +
  `${DEFAULT_BASH_TIMEOUT_MS} ms unless timeout_ms says otherwise (at most ${MAX_BASH_TIMEOUT_MS}); ` +
  `then the command and every process it started are killed. Output beyond ${headBytes + tailBytes} ` +
  `bytes keeps the first ${headBytes} and the last ${tailBytes} bytes and marks the cut. Processes ` +
  `a command leaves running in the background are ended when it exits.`;
/** A file tool of bash's set: its name and what it does to files (its descriptor's effects). */
export interface FileTool {
  name: string;
  changes: boolean;
}

const spoken = (words: readonly string[]): string =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** The paragraph that points to the set's file tools; null when it has none. */
function bashDescriptionTail(fileTools: readonly FileTool[]): string | null {
  if (fileTools.length === 0) return null;
  const purposes = [
    ...(fileTools.some((t) => !t.changes) ? ['reading'] : []),
    ...(fileTools.some((t) => t.changes) ? ['changing'] : []),
  ];
  return `Prefer ${spoken(fileTools.map((t) => t.name))} for ${spoken(purposes)} files.`;
}

interface BashToolOptions extends SandboxChoice {
  approvals: Approvals;
  /** Workspace trust; a function is read at each call, so granting trust applies at once. */
  trusted: boolean | (() => boolean);
  headBytes?: number;
  tailBytes?: number;
  killGraceMs?: number;
  /** The environment commands get (hosts pass toolEnvironment(...).env: secrets dropped); default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** Secrets removed from the output stream before the head/tail cut (the registry's redactor). */
  redactor?: Redactor;
  /** The file tools of bash's set, which its description points to (absent: none). */
  fileTools?: readonly FileTool[];
}

function bashExit(run: ShellRunResult, timeoutMs: number): BashExit {
  if (run.stopped) return { kind: 'stopped' };
  if (run.timedOut) return { kind: 'timed-out', timeoutMs };
  if (run.exitCode !== null) return { kind: 'exited', code: run.exitCode };
  return { kind: 'killed', signal: run.exitSignal ?? 'unknown' };
}

function firstLine(text: string, max: number): string {
  const line = text.split('\n', 1)[0] ?? '';
  const short = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return text.includes('\n') && short === line ? `${short} …` : short;
}

/** The approval card of a command: its first line, and the command with where it runs and its time limit. */
export function bashApprovalCard(command: string, cwd: string, timeoutMs: number): ApprovalCard {
  return { summary: firstLine(command, 120), detail: `$ ${command}\n(in ${cwd}; timeout ${timeoutMs} ms)` };
}

export function createBashTool(options: BashToolOptions): ToolDefinition {
  const headBytes = options.headBytes ?? BASH_OUTPUT_HEAD_BYTES;
  const tailBytes = options.tailBytes ?? BASH_OUTPUT_TAIL_BYTES;
  const trusted = typeof options.trusted === 'function' ? options.trusted : () => options.trusted === true;
  return {
    name: BASH_TOOL_NAME,
    description: [
      BASH_DESCRIPTION_HEAD,
      BASH_DESCRIPTION_APPROVAL,
      bashDescriptionLimits(headBytes, tailBytes),
      bashDescriptionTail(options.fileTools ?? []),
    ]
      .filter((paragraph) => paragraph !== null)
      .join('\n\n'),
    parameters: toParameters(bashArgsSchema),
    async execute(args, ctx): Promise<ToolResult> {
      const parsed = parseArguments(bashArgsSchema, args);
      if (!parsed.ok) return errorResult(parsed.message);
      if (!trusted()) return errorResult(UNTRUSTED_BASH_MESSAGE);
      const { command } = parsed.value;
      const timeoutMs = parsed.value.timeout_ms ?? DEFAULT_BASH_TIMEOUT_MS;
      const approval = await options.approvals.checkCall(
        BASH_TOOL_NAME,
        bashApprovalCard(command, options.workspace.root, timeoutMs),
        ctx,
      );
      if (!approval.approved) return errorResult(approval.message);
      const { runSandboxed } = await import('./run-sandboxed');
      const { run, afterwards } = await runSandboxed(options, {
        command,
        cwd: options.workspace.root,
        timeoutMs,
        signal: ctx.signal,
        headBytes,
        tailBytes,
        ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
        ...(options.env === undefined ? {} : { env: options.env }),
        ...(options.redactor === undefined ? {} : { redactor: options.redactor }),
      });
      if (run.spawnError !== null) return errorResult(`bash could not start: ${run.spawnError}`);
      const output = [run.output === '' ? NO_OUTPUT : run.output.replace(/\n$/, ''), ...afterwards].join('\n');
      const exit = bashExit(run, timeoutMs);
      return {
        isError: run.exitCode !== 0,
        content: bashResultText(output, exit),
        details: { tool: BASH_TOOL_NAME, exit },
      };
    },
  };
}
