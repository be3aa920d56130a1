// What the rest of the product knows of a logged call's tool, read off its descriptor
// (tools/descriptor.ts): what its calls do to the workspace and what follows from it:
// whether planning may use it (agent/plan-first.ts), when the loop takes a checkpoint
// around it (checkpoints/step-checkpoints.ts), how a call counts in a plan item's
// evidence (plan/item-evidence.ts), and how ACP shows it (acp-server/acp-tool-calls.ts).
// A descriptor says its effects; the rest follows from them unless it says otherwise.
// A tool whose effects are not said (a registered tool from before they were) is
// treated as one that may do anything: never offered while planning, no checkpoint,
// counted as `other`. Zod-free; no tool is named here.
//
// Those readers sit below the tools (plan folds the evidence; the subagent tool runs
// the loop), so they cannot import the catalog: they ask `toolFacts`, which the
// process's catalog answers once tools/built-in.ts has loaded (every entry point loads
// it: the tool set, the presenters and the CLI import it); until then every tool is unknown.
import type { EvidenceCallKind } from '../protocol/item-evidence-view';
import type { BashExit } from '../protocol/tool-view';

/** What a call does to the workspace: reads files in it, writes files in it, runs processes in it. */
type ToolEffect = 'reads' | 'writes' | 'runs';

/**
 * When the agent loop takes a checkpoint for a call (checkpoints/step-checkpoints.ts
 * `CallCheckpointRule`): `before-call`: before the first such call of a step (it may
 * change the workspace); `after-plan-write`: the call writes the plan, so the next
 * changing call takes one again; `none`.
 */
type CheckpointRule = 'before-call' | 'after-plan-write' | 'none';

/** ACP's tool kinds (ToolKind in the protocol: the client's icon for the call). */
type AcpToolKind =
  'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'switch_mode' | 'other';

/** A file a call changes, as its arguments say (`oldText` null: the whole file is written). */
export interface FileChange {
  path: string;
  oldText: string | null;
  newText: string;
}

export interface ToolFacts {
  /** null: not said (see the header). */
  readonly effects: readonly ToolEffect[] | null;
  /** Offered while planning (plan first). */
  readonly planning: boolean;
  readonly checkpoint: CheckpointRule;
  /** How a call counts in the evidence of the items in progress; null: it is not work on an item (a plan write). */
  readonly evidence: EvidenceCallKind | null;
  readonly acpKind: AcpToolKind;
  /** The files a call changes, from its arguments (none when they do not fit its schema). */
  changes(args: unknown): readonly FileChange[];
  /** How a command ended, from its result's data (null: not a command, or nothing recorded). */
  commandEnd(details: unknown): BashExit | null;
}

/** What a descriptor may say beyond its effects (each defaults to what its effects imply). */
export interface SaidFacts {
  effects?: readonly ToolEffect[];
  planning?: boolean;
  checkpoint?: CheckpointRule;
  evidence?: EvidenceCallKind | null;
  acpKind?: AcpToolKind;
}

/** The facts of a tool the catalog does not know (an older log's, a withdrawn one). */
const UNKNOWN_TOOL_FACTS: ToolFacts = {
  effects: null,
  planning: false,
  checkpoint: 'none',
  evidence: 'other',
  acpKind: 'other',
  changes: () => [],
  commandEnd: () => null,
};

/** What answers `toolFacts`: the process's catalog (tools/built-in.ts). */
export interface ToolFactsSource {
  get(name: string): ToolFacts | undefined;
  /** Every known tool's name, built-in first. */
  names(): string[];
}

let factsSource: ToolFactsSource | null = null;

/** Makes `source` answer `toolFacts` (tools/built-in.ts, once, with the process's catalog). */
export function answerToolFacts(source: ToolFactsSource): void {
  factsSource = source;
}

/** The facts of the tool a call names (a tool the process does not know: UNKNOWN_TOOL_FACTS). */
export function toolFacts(name: string): ToolFacts {
  return factsSource?.get(name) ?? UNKNOWN_TOOL_FACTS;
}

/** The names of the tools the process knows, built-in first. */
export function knownToolNames(): string[] {
  return factsSource?.names() ?? [];
}

/** The facts a descriptor says, each missing one as its effects imply. */
export function impliedFacts(said: SaidFacts): Omit<ToolFacts, 'changes' | 'commandEnd'> {
  const effects = said.effects ?? null;
  const has = (effect: ToolEffect): boolean => effects?.includes(effect) ?? false;
  const changesWorkspace = has('writes') || has('runs');
  const strongest: EvidenceCallKind = has('runs')
    ? 'command'
    : has('writes')
      ? 'write'
      : has('reads')
        ? 'read'
        : 'other';
  return {
    effects,
    planning: said.planning ?? (effects !== null && !changesWorkspace),
    checkpoint: said.checkpoint ?? (changesWorkspace ? 'before-call' : 'none'),
    evidence: said.evidence === undefined ? strongest : said.evidence,
    acpKind: said.acpKind ?? ACP_KIND_OF[strongest],
  };
}

const ACP_KIND_OF: Readonly<Record<EvidenceCallKind, AcpToolKind>> = {
  command: 'execute',
  write: 'edit',
  read: 'read',
  other: 'other',
};
