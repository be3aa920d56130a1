// The subagent tool: hands a self-contained task to a child agent session and
// returns the child's final text as the result. The child gets the same tools as
// its parent, minus `subagent` from depth MAX_SUBAGENT_DEPTH on, so nesting stops
// at grandchildren. A child's todo_write plans the child's own list (single owner).
import type { Disposable } from '../../disposable';
import type { ToolRegistry } from '../registry';
import { errorResult, toParameters, type ToolDefinition, type ToolResult } from '../tool';
import { parseArguments } from '../../zod-issues';
import type { SubagentOutcome } from '../../domain-literals';
import type { TurnEndReason } from '../../session/events';
import type { Session } from '../../session/session';
import { SUBAGENT_TOOL_NAME, subagentArgsSchema } from './subagent-signature';

const SUBAGENT_DESCRIPTION_HEAD =
  'Hand a self-contained task to a subagent: a fresh agent session with its own ' +
  'history and its own todo list, and the same tools as you. It works until it ' +
  "is done and its final message comes back to you as this call's result.";
const SUBAGENT_DESCRIPTION_PROMPT =
  'The subagent sees nothing of this conversation: put everything it needs in prompt (the goal, the ' +
  'relevant paths and facts, what to return). description is a short title for the user (3 to 6 words).';
const SUBAGENT_DESCRIPTION_TAIL =
  'Use it for work that is separable from yours (an investigation, a change in one area) ' +
  'to keep your own context small; do simple steps yourself. Subagents run one at a time.';

const SUBAGENT_NO_OWNER_MESSAGE = 'subagent requires an owning agent session';
const EMPTY_FINAL_TEXT = '(the subagent finished without a final message)';

export interface SubagentRequest {
  parent: Session;
  callId: string;
  description: string;
  prompt: string;
  /** The child's depth (parent's depth + 1). */
  depth: number;
  tools: ToolRegistry;
  signal: AbortSignal;
}

export interface SubagentRunResult {
  childSessionId: string;
  logPath: string;
  outcome: SubagentOutcome;
  /** The child's last non-empty assistant text of its turn ('' when none). */
  finalText: string;
  turnEnd: TurnEndReason | null;
  /** Set when the run threw (a store or invariant failure), not for a turn that ended in `error`. */
  failure: string | null;
}

/**
 * Runs one child session to its end: the agent's loop (agent/subagent-runner.ts
 * `subagentRunner`), given through ToolSetOptions.subagents.
 */
export type RunSubagent = (request: SubagentRequest) => Promise<SubagentRunResult>;

/** The text the parent model sees for a finished child. */
function subagentResult(run: SubagentRunResult): ToolResult {
  const tail = run.finalText ? `\n\nIts last message:\n${run.finalText}` : '';
  if (run.failure !== null) return errorResult(`the subagent failed: ${run.failure}${tail}`);
  const end = run.turnEnd;
  switch (end?.kind) {
    case 'completed':
      return { isError: false, content: run.finalText || EMPTY_FINAL_TEXT };
    case 'aborted':
      return errorResult(`the subagent was stopped by the user before it finished.${tail}`);
    case 'max-steps':
      return errorResult(`the subagent used all of its ${end.maxSteps} steps before it finished.${tail}`);
    case 'error':
      return errorResult(`the subagent stopped on an error: ${end.message}${tail}`);
    default:
      return errorResult(`the subagent did not finish (${run.outcome}).${tail}`);
  }
}

interface SubagentToolOptions {
  run: RunSubagent;
  /** The depth of the sessions this tool is given to (root = 0); children run at depth + 1. */
  depth: number;
  /** The child's tools: the same set, built for depth + 1 (owned by the run, disposed after). */
  buildChildTools(): { registry: ToolRegistry; owned: Disposable };
}

export function createSubagentTool(options: SubagentToolOptions): ToolDefinition {
  return {
    name: SUBAGENT_TOOL_NAME,
    description: [SUBAGENT_DESCRIPTION_HEAD, SUBAGENT_DESCRIPTION_PROMPT, SUBAGENT_DESCRIPTION_TAIL].join('\n\n'),
    parameters: toParameters(subagentArgsSchema),
    async execute(args, ctx): Promise<ToolResult> {
      const parsed = parseArguments(subagentArgsSchema, args);
      if (!parsed.ok) return errorResult(parsed.message);
      const parent = ctx.agent?.session;
      if (!parent) return errorResult(SUBAGENT_NO_OWNER_MESSAGE);
      const tools = options.buildChildTools();
      try {
        const run = await options.run({
          parent,
          callId: ctx.callId,
          description: parsed.value.description,
          prompt: parsed.value.prompt,
          depth: options.depth + 1,
          tools: tools.registry,
          signal: ctx.signal,
        });
        return subagentResult(run);
      } finally {
        tools.owned.dispose();
      }
    },
  };
}
