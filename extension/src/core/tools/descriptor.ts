// A tool, described once: its name, its arguments' schema (their type inferred from
// it), what it needs from the tool set, whether a call waits for the user's approval
// and what the approval card says, the schema of the data it logs with its result,
// its facts (session/tool-facts.ts: its effects on the workspace, whether planning may use
// it, its checkpoint rule, its evidence kind, its ACP kind), the files a call
// changes (its ACP diff and, unless it has a presenter, its row) and the presenter
// of its transcript row. The tool set (agent/tool-set.ts), the presenters
// (presenters/tool-call.ts), plan first, checkpoints, evidence, the ACP server, the
// extension's tool list, the CLI's `--tools` and the setting's enum all read
// descriptors, never a tool's name; a new tool is its folder (tools/<tool>/
// descriptor.ts) and one line in built-in.ts, or one `registerTool` call through the
// extension's API (vscode/public-api.ts).
import type * as z from 'zod/mini';
import type { BashExit } from '../protocol/tool-view';
import { genericView, type PresentedCall, type ToolCallRecord } from './tool-presenter';
import type { ApprovalCard } from './approvals';
import { changesView } from './file-views';
import {
  checkedTool,
  errorResult,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
  type ToolSignature,
} from './tool';
import { impliedFacts, type FileChange, type SaidFacts, type ToolFacts } from '../session/tool-facts';
import type { ToolSetContext } from './tool-set-context';

/**
 * `workspace`: needs the workspace folder; `local-process`: runs a process, so only on a folder on this machine's disk.
 */
type ToolNeed = 'workspace' | 'local-process';

/**
 * A presenter's input: the call as logged, its arguments and result
 * data checked by the descriptor's schemas (null when they do not fit).
 */
interface PresenterInput<A, D> {
  call: ToolCallRecord;
  args: A | null;
  details: D | null;
}

interface SpecBase<A, D> extends SaidFacts {
  /**
   * The data the tool logs with its result (`tool/result.details`, `{ tool: name, ... }`); absent when it logs none.
   */
  details?: z.ZodMiniType<D>;
  needs?: readonly ToolNeed[];
  /**
   * The files a call changes, from its typed arguments: its ACP
   * diff, and its row (a -/+ diff) unless `present` is given.
   */
  changes?(args: A): readonly FileChange[];
  /** A command's end, from its result data (evidence `command`: a failed last command flags its item). */
  exit?(details: D): BashExit;
  /** Its transcript row; absent: the diff of `changes`, or the generic row. */
  present?(input: PresenterInput<A, D>): PresentedCall;
}

/**
 * What a descriptor reads of a tool whose module makes its ToolDefinition:
 * the name, the arguments' schema, and whether it asks for approval itself.
 */
export interface MadeToolHead<N extends string, A> {
  readonly name: N;
  readonly args: z.ZodMiniType<A>;
  readonly asksApproval: boolean;
}

/** Such a tool's ToolDefinition, made from the set (null: left out of this set). */
export interface MadeToolSpec<A, D> extends SpecBase<A, D> {
  create(set: ToolSetContext): ToolDefinition | null;
}

/**
 * A tool given as `run`: the arguments are checked against `args` first (an
 * `invalid arguments: …` error result otherwise), then, when `approval` is set, the
 * user is asked with the card it makes of them, then `run` gets the typed arguments.
 */
export interface RunToolSpec<N extends string, A, D> extends ToolSignature<N, A>, SpecBase<A, D> {
  approval: ((args: A) => ApprovalCard) | null;
  run(args: A, ctx: ToolContext): Promise<ToolResult>;
}

export interface ToolDescriptor<N extends string = string> extends ToolFacts {
  readonly name: N;
  readonly needs: readonly ToolNeed[];
  readonly asksApproval: boolean;
  present(call: ToolCallRecord): PresentedCall;
  create(set: ToolSetContext): ToolDefinition | null;
}

/** A tool given as `run` (how the extension's API takes one: vscode/public-api.ts). */
export function defineTool<const N extends string, A, D = never>(spec: RunToolSpec<N, A, D>): ToolDescriptor<N>;
/**
 * A tool whose module makes its ToolDefinition (the built-in tools): `head` is
 * the module's; `spec` says what it needs, how its row looks and how it is made.
 */
export function defineTool<const N extends string, A, D = never>(
  head: MadeToolHead<N, A>,
  spec: MadeToolSpec<A, D>,
): ToolDescriptor<N>;
export function defineTool<N extends string, A, D>(
  first: RunToolSpec<N, A, D> | MadeToolHead<N, A>,
  made?: MadeToolSpec<A, D>,
): ToolDescriptor<N> {
  if ('run' in first) return descriptor(first, first, first.approval !== null, createRunTool(first));
  if (made === undefined) throw new TypeError(`defineTool: the ${first.name} tool needs its spec`);
  return descriptor(first, made, first.asksApproval, (set) => made.create(set));
}

function descriptor<N extends string, A, D>(
  head: { name: N; args: z.ZodMiniType<A> },
  spec: SpecBase<A, D>,
  asksApproval: boolean,
  create: (set: ToolSetContext) => ToolDefinition | null,
): ToolDescriptor<N> {
  const argsOf = (raw: unknown): A | null => {
    const args = head.args.safeParse(raw);
    return args.success ? args.data : null;
  };
  const detailsOf = (raw: unknown): D | null => {
    if (spec.details === undefined || !isDetailsOf(head.name, raw)) return null;
    const details = spec.details.safeParse(raw);
    return details.success ? details.data : null;
  };
  const changes = (raw: unknown): readonly FileChange[] => {
    const args = spec.changes === undefined ? null : argsOf(raw);
    return args === null ? [] : (spec.changes?.(args) ?? []);
  };
  const present = (call: ToolCallRecord): PresentedCall => {
    const input = { call, args: argsOf(call.args), details: detailsOf(call.result?.details) };
    if (spec.present !== undefined) return spec.present(input);
    const changed = changes(call.args);
    return changed.length === 0 ? genericView(call) : changesView(call, changed);
  };
  const commandEnd = (raw: unknown): BashExit | null => {
    const details = spec.exit === undefined ? null : detailsOf(raw);
    return details === null ? null : (spec.exit?.(details) ?? null);
  };
  return {
    ...impliedFacts(spec),
    name: head.name,
    needs: spec.needs ?? [],
    asksApproval,
    changes,
    commandEnd,
    present,
    create,
  };
}

/** Result data the tool named `name` logged (`{ tool: name, ... }`). */
function isDetailsOf(name: string, raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && 'tool' in raw && raw.tool === name;
}

function createRunTool<N extends string, A, D>(spec: RunToolSpec<N, A, D>): (set: ToolSetContext) => ToolDefinition {
  const { approval } = spec;
  return (set) => {
    const approvals = approval === null ? null : set.approvals();
    return checkedTool(spec, async (args, ctx) => {
      if (approvals !== null && approval !== null) {
        const outcome = await approvals.checkCall(spec.name, approval(args), ctx);
        if (!outcome.approved) return errorResult(outcome.message);
      }
      return spec.run(args, ctx);
    });
  };
}
