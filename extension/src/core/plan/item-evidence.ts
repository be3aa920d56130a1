// Each plan item's evidence, folded by the plan ledger (plan-ledger.ts keeps it on
// the item's ItemTiming, so a reworded item keeps it and a cleared plan forgets it):
// the tool calls made while the item was in progress, counted per kind, its latest
// calls, how many commands failed and the last command's outcome; who marked it
// completed; and whether the model was told its flag (`plan/verify-completion`).
//
// Rules: a call counts for every item in progress at its tool/call (several: the
// call is marked shared and counted for each); it is recorded at its tool/result,
// whose data says how a command ended (a command tool's exit, an ACP agent's kind and
// status). How a call counts is its tool's evidence kind (its descriptor's,
// session/tool-facts.ts: a tool the catalog does not know counts as `other`); a plan
// write (todo_write) is not work on an item and counts for none. A call with no item
// in progress counts for none.
//
// Flag (itemFlag): an item the MODEL marked completed (a user's Mark Completed is not
// second-guessed) with no call while it was in progress (or added already
// completed), or whose last command failed. Only a log that records its agent's tool
// calls can say "no work" (recordsToolCalls in session/source.ts): the surfaces pass
// that.
//
// Size: counts and at most EVIDENCE_RECENT_CALLS calls per item, plus the open
// step's calls: the plan's size, whatever the log's length.
import { acpCallDetailsSchema } from '../session/tool-details';
import type { TodoStatus } from '../domain-literals';
import {
  EVIDENCE_RECENT_CALLS,
  type EvidenceCall,
  type EvidenceCallKind,
  type ItemEvidenceView,
  type ItemFlag,
} from '../protocol/item-evidence-view';
import type { BashExit } from '../protocol/tool-view';
import type { SessionEvent } from '../session/events';
import { toolFacts } from '../session/tool-facts';
import type { ToolResultDetails } from '../session/tool-details';
import type { PlanAuthor } from './todos-projection';

export interface ItemEvidence {
  readonly tools: ItemEvidenceView['tools'];
  /** The latest calls, oldest first (at most EVIDENCE_RECENT_CALLS). */
  readonly recent: readonly EvidenceCall[];
  readonly failedCommands: number;
  /** The last command run for the item; null before any. */
  readonly lastCommand: EvidenceCall | null;
  /** Who marked it completed (null while it is not completed). */
  readonly completedBy: PlanAuthor | null;
  /** The model was told this completion's flag (plan/verify-completion); a reopened item forgets it. */
  readonly told: boolean;
}

export const NO_EVIDENCE: ItemEvidence = {
  tools: { read: 0, write: 0, command: 0, other: 0, shared: 0 },
  recent: [],
  failedCommands: 0,
  lastCommand: null,
  completedBy: null,
  told: false,
};

/** A call between its tool/call and its tool/result: the items it counts for. */
export interface OpenCall {
  readonly tool: string;
  readonly items: readonly string[];
}

/** The evidence as the item's status leaves it after a plan version written `by`. */
export function withStatus(evidence: ItemEvidence, status: TodoStatus, by: PlanAuthor): ItemEvidence {
  if (status === 'completed')
    return evidence.completedBy === null ? { ...evidence, completedBy: by, told: false } : evidence;
  return evidence.completedBy === null && !evidence.told ? evidence : { ...evidence, completedBy: null, told: false };
}

/** The call a tool/call opens, or null when it counts for no item (a plan write, or nothing in progress). */
export function openCall(name: string, inProgress: readonly string[]): OpenCall | null {
  if (toolFacts(name).evidence === null || inProgress.length === 0) return null;
  return { tool: name, items: inProgress };
}

/** The call as its tool/result records it, for one of the items it counts for. */
export function resultCall(open: OpenCall, result: Extract<SessionEvent, { type: 'tool/result' }>): EvidenceCall {
  const { kind, end } = classify(open.tool, result.data.details);
  const shared = open.items.length > 1;
  if (kind !== 'command') return { tool: open.tool, kind, shared, failed: false, exit: null };
  if (end === null) return { tool: open.tool, kind, shared, failed: result.data.isError, exit: null };
  const exit = end.kind === 'exited' ? end.code : null;
  return { tool: open.tool, kind, shared, failed: exit !== 0, exit };
}

export function recordCall(evidence: ItemEvidence, call: EvidenceCall): ItemEvidence {
  const tools = {
    ...evidence.tools,
    [call.kind]: evidence.tools[call.kind] + 1,
    shared: evidence.tools.shared + (call.shared ? 1 : 0),
  };
  const recent = [...evidence.recent.slice(1 - EVIDENCE_RECENT_CALLS), call];
  const command = call.kind === 'command';
  return {
    ...evidence,
    tools,
    recent,
    failedCommands: evidence.failedCommands + (command && call.failed ? 1 : 0),
    lastCommand: command ? call : evidence.lastCommand,
  };
}

/** The item's flag: null unless the model marked it completed and `recordsWork` (its log records tool calls). */
export function itemFlag(evidence: ItemEvidence, status: TodoStatus, recordsWork: boolean): ItemFlag | null {
  if (!recordsWork || status !== 'completed' || evidence.completedBy !== 'model') return null;
  const { read, write, command, other } = evidence.tools;
  if (read + write + command + other === 0) return { reason: 'no-work' };
  if (evidence.lastCommand?.failed) return { reason: 'last-command-failed', exit: evidence.lastCommand.exit };
  return null;
}

/** The view the surfaces show: `ms` is the item's time in progress (plan-timing.ts). */
export function evidenceView(evidence: ItemEvidence, ms: number): ItemEvidenceView {
  return {
    tools: evidence.tools,
    recent: [...evidence.recent],
    failedCommands: evidence.failedCommands,
    ms: Math.round(ms),
  };
}

/** ACP's tool kinds (ToolKind in the protocol). */
const BY_ACP_KIND: ReadonlyMap<string, EvidenceCallKind> = new Map([
  ['read', 'read'],
  ['search', 'read'],
  ['edit', 'write'],
  ['delete', 'write'],
  ['move', 'write'],
  ['execute', 'command'],
]);

/** What kind of call it was and, for our command tools, how it ended (null: no exit recorded, e.g. refused). */
function classify(
  name: string,
  details: ToolResultDetails | undefined,
): { kind: EvidenceCallKind; end: BashExit | null } {
  const acp = acpCallDetailsSchema.safeParse(details);
  if (acp.success) return { kind: BY_ACP_KIND.get(acp.data.kind ?? '') ?? 'other', end: null };
  const facts = toolFacts(name);
  const kind = facts.evidence ?? 'other';
  return { kind, end: kind === 'command' ? facts.commandEnd(details) : null };
}
