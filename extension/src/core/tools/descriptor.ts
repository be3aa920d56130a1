// A tool, described once: its name, its arguments' schema (their type inferred from
// it), what it needs from the tool set, whether a call waits for the user's approval
// and what the approval card says, the presenter of its transcript row and the schema
// of the data it logs with its result. The tool set (agent/tool-set.ts), the
// presenters (presenters.ts), the extension's tool list, the CLI's `--tools` and the
// setting's enum all read descriptors; a new tool is its folder (tools/<tool>/
// descriptor.ts) and one line in built-in.ts, or one `registerTool` call through the
// extension's API (vscode/public-api.ts).
import type * as z from 'zod/mini';
import type { PresentedCall, ToolCallRecord } from '../presenters/tool-presenter';
import { errorResult, parseArguments, toParameters, type ToolContext, type ToolDefinition, type ToolResult } from './tool';
import type { ToolSetContext } from './tool-set-context';

/** `workspace`: needs the workspace folder; `local-process`: runs a process, so only on a folder on this machine's disk. */
export type ToolNeed = 'workspace' | 'local-process';

/** What the approval card shows: one line, and the full text (command, diff). */
export interface ApprovalCard {
  summary: string;
  detail: string;
}

/** A presenter's input: the call as logged, its arguments and result data checked by the descriptor's schemas (null when they do not fit). */
export interface PresenterInput<A, D> {
  call: ToolCallRecord;
  args: A | null;
  details: D | null;
}

interface SpecBase<N extends string, A, D> {
  name: N;
  args: z.ZodMiniType<A>;
  /** The data the tool logs with its result (`tool/result.details`, `{ tool: name, ... }`); absent when it logs none. */
  details?: z.ZodMiniType<D>;
  needs?: readonly ToolNeed[];
  present(input: PresenterInput<A, D>): PresentedCall;
}

/** A tool that makes its own ToolDefinition from the set (null: left out of this set). It asks for approval itself when `asksApproval`. */
export interface CreatedToolSpec<N extends string, A, D> extends SpecBase<N, A, D> {
  asksApproval: boolean;
  create(set: ToolSetContext): ToolDefinition | null;
}

/**
 * A tool given as `run`: the arguments are checked against `args` first (an
 * `invalid arguments: …` error result otherwise), then, when `approval` is set, the
 * user is asked with the card it makes of them, then `run` gets the typed arguments.
 */
export interface RunToolSpec<N extends string, A, D> extends SpecBase<N, A, D> {
  /** What the model reads about the tool. */
  description: string;
  approval: ((args: A) => ApprovalCard) | null;
  run(args: A, ctx: ToolContext): Promise<ToolResult>;
}

export interface ToolDescriptor<N extends string = string> {
  readonly name: N;
  readonly needs: readonly ToolNeed[];
  readonly asksApproval: boolean;
  present(call: ToolCallRecord): PresentedCall;
  create(set: ToolSetContext): ToolDefinition | null;
}

export function defineTool<const N extends string, A, D = never>(spec: CreatedToolSpec<N, A, D> | RunToolSpec<N, A, D>): ToolDescriptor<N> {
  const present = (call: ToolCallRecord): PresentedCall => {
    const args = spec.args.safeParse(call.args);
    const details = spec.details !== undefined && call.result?.details?.tool === spec.name ? spec.details.safeParse(call.result.details) : null;
    return spec.present({ call, args: args.success ? args.data : null, details: details?.success ? details.data : null });
  };
  const base = { name: spec.name, needs: spec.needs ?? [], present };
  if ('create' in spec) return { ...base, asksApproval: spec.asksApproval, create: (set) => spec.create(set) };
  const parameters = toParameters(spec.args);
  const { approval } = spec;
  return {
    ...base,
    asksApproval: approval !== null,
    create: (set) => {
      const approvals = approval === null ? null : set.approvals();
      return {
        name: spec.name,
        description: spec.description,
        parameters,
        async execute(raw, ctx): Promise<ToolResult> {
          const parsed = parseArguments(spec.args, raw);
          if (!parsed.ok) return errorResult(parsed.message);
          if (approvals !== null && approval !== null) {
            const card = approval(parsed.value);
            const outcome = await approvals.check({ tool: spec.name, ...card, callId: ctx.callId, sessionId: ctx.agent?.session.id ?? null }, ctx.signal);
            if (!outcome.approved) return errorResult(outcome.message);
          }
          return spec.run(parsed.value, ctx);
        },
      };
    },
  };
}
