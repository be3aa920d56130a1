// What a transcript row shows for a tool call: a typed view, made on the HOST by the
// call's one presenter (its descriptor's `present`, core/presenters/tool-call.ts) from
// what the log says about the call (ToolCallRecord). The webview paints a view and
// never parses the model's arguments or the tool's output text.
//
// A tool whose row is one of these views needs nothing here (its descriptor's
// presenter makes it). A new KIND of view adds a member to ToolView and
// toolViewSchema and a component in webview/src/components/tool-body.tsx.
//
// zod/mini only. The webview imports the types (erased); the schemas are host-side
// (the protocol's specification, see host-message-check.ts).
import * as z from 'zod/mini';
import { SUBAGENT_OUTCOMES, type SubagentOutcome } from '../domain-literals';
import { planViewSchema, type PlanView } from './plan-view';

/** How a bash command ended: the tool's `details.exit` and its row's view (one schema for both). */
export const bashExitSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('exited'), code: z.number().check(z.int()) }),
  z.strictObject({ kind: z.literal('killed'), signal: z.string() }),
  z.strictObject({ kind: z.literal('timed-out'), timeoutMs: z.number().check(z.int(), z.minimum(1)) }),
  z.strictObject({ kind: z.literal('stopped') }),
]);

export type BashExit = z.infer<typeof bashExitSchema>;

export interface ToolChildView {
  sessionId: string;
  description: string;
  /** null while the subagent runs. */
  outcome: SubagentOutcome | null;
}

export interface DiffLine {
  kind: 'del' | 'add';
  text: string;
}

export type ToolView =
  /**
   * todo_write: the list the tool validated and logged; a rejected call
   * has `error` (its result) and no plan; both null while it runs.
   */
  | { kind: 'todo'; plan: PlanView | null; error: string | null }
  /**
   * bash: `exit` from the tool's structured result; `output` is what the command
   * printed (null before the result); `error` is why it did not run (refused,
   * denied, untrusted) or an older log's result without structured data.
   */
  | { kind: 'bash'; command: string; exit: BashExit | null; output: string | null; error: string | null }
  /**
   * edit_file / write_file: the lines removed and added (the first of
   * each side), how many more were left out, and the tool's answer.
   */
  | { kind: 'diff'; path: string; lines: DiffLine[]; omitted: number; result: string | null }
  /** subagent: its task, the child session (once started) and the final answer. */
  | { kind: 'subagent'; description: string; child: ToolChildView | null; result: string | null }
  /** Anything else: the raw input and the result, as text. */
  | { kind: 'generic'; input: string; result: string | null };

const toolChildViewSchema = z.strictObject({
  sessionId: z.string(),
  description: z.string(),
  outcome: z.nullable(z.enum(SUBAGENT_OUTCOMES)),
}) satisfies z.ZodMiniType<ToolChildView>;

const text = z.nullable(z.string());

export const toolViewSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('todo'), plan: z.nullable(planViewSchema), error: text }),
  z.strictObject({
    kind: z.literal('bash'),
    command: z.string(),
    exit: z.nullable(bashExitSchema),
    output: text,
    error: text,
  }),
  z.strictObject({
    kind: z.literal('diff'),
    path: z.string(),
    lines: z.array(z.strictObject({ kind: z.enum(['del', 'add']), text: z.string() })),
    omitted: z.number(),
    result: text,
  }),
  z.strictObject({
    kind: z.literal('subagent'),
    description: z.string(),
    child: z.nullable(toolChildViewSchema),
    result: text,
  }),
  z.strictObject({ kind: z.literal('generic'), input: z.string(), result: text }),
]) satisfies z.ZodMiniType<ToolView>;
