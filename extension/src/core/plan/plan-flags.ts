// The standing plan's evidence and flags as the surfaces and the agent loop read them
// off the plan ledger (item-evidence.ts says the rules): each item's evidence view and
// flag, the flagged items, and those the model has not been told about yet.
import type { ChangedFile, ItemEvidenceView, ItemFlag } from '../protocol/item-evidence-view';
import type { TodoStatus } from '../domain-literals';
import { evidenceView, itemFlag } from './item-evidence';
import type { PlanLedger } from './plan-ledger';
import { timeInProgressMs } from './plan-timing';

export interface FlaggedItem {
  content: string;
  flag: ItemFlag;
}

/**
 * An item's evidence (time in progress counted to `now`) and its flag; null when the item is not in the standing plan.
 */
export function itemEvidence(
  ledger: PlanLedger,
  content: string,
  recordsWork: boolean,
  now: Date,
): { evidence: ItemEvidenceView; flag: ItemFlag | null } | null {
  const item = ledger.plan?.todos.find((t) => t.content === content);
  const timing = ledger.timings.get(content);
  if (item === undefined || timing === undefined) return null;
  return {
    evidence: evidenceView(timing.evidence, timeInProgressMs(timing, now)),
    flag: itemFlag(timing.evidence, item.status, recordsWork),
  };
}

/**
 * The evidence with the files the item changed, when they are known
 * or known to be unknown (undefined: not read yet, none given).
 */
export function withFiles(evidence: ItemEvidenceView, files: ChangedFile[] | null | undefined): ItemEvidenceView {
  return files === undefined ? evidence : { ...evidence, files };
}

/** The standing plan's flagged items, in plan order. */
export function flaggedItems(ledger: PlanLedger, recordsWork: boolean): FlaggedItem[] {
  return flagged(ledger, recordsWork, false);
}

/** The flagged items the model has not been told about (plan/verify-completion), in plan order. */
export function untoldFlags(ledger: PlanLedger): FlaggedItem[] {
  return flagged(ledger, true, true);
}

function flagged(ledger: PlanLedger, recordsWork: boolean, untoldOnly: boolean): FlaggedItem[] {
  const out: FlaggedItem[] = [];
  for (const item of ledger.plan?.todos ?? []) {
    const evidence = ledger.timings.get(item.content)?.evidence;
    if (evidence === undefined || (untoldOnly && evidence.told)) continue;
    const flag = itemFlag(evidence, item.status, recordsWork);
    if (flag !== null) out.push({ content: item.content, flag });
  }
  return out;
}

/**
 * The flag in English words (the CLI, Export Plan, the model's
 * note): `no work recorded`, `last command failed: exit 1`.
 */
export function flagText(flag: ItemFlag): string {
  if (flag.reason === 'no-work') return 'no work recorded';
  return flag.exit === null ? 'last command failed' : `last command failed: exit ${flag.exit}`;
}

/**
 * What the model is told, once, about the items it marked completed that
 * are flagged (plan/verify-completion; docs/todo-write-contract.md).
 */
export function verifyCompletionNote(items: readonly FlaggedItem[]): string {
  const lines = items.map((i) => `- ${JSON.stringify(i.content)}: ${flagText(i.flag)}`);
  return [
    'These todo items you marked completed need a second look:',
    ...lines,
    'Check each one. If it is not really done, reopen it with todo_write and finish it; if it is, go on.',
  ].join('\n');
}

/**
 * A standing plan item with its evidence and flag: `plan --format json` and Export Plan.
 * `evidence` is null for a log that records no tool calls (session/source.ts recordsToolCalls).
 */
export interface ItemWithEvidence {
  content: string;
  status: TodoStatus;
  flag: ItemFlag | null;
  evidence: ItemEvidenceView | null;
}

/** The standing plan's items with their evidence and flags (time in progress counted to `now`); null with no plan. */
export function planWithEvidence(ledger: PlanLedger, recordsWork: boolean, now: Date): ItemWithEvidence[] | null {
  if (ledger.plan === null) return null;
  return ledger.plan.todos.map((item) => {
    const found = recordsWork ? itemEvidence(ledger, item.content, true, now) : null;
    return { content: item.content, status: item.status, flag: found?.flag ?? null, evidence: found?.evidence ?? null };
  });
}
