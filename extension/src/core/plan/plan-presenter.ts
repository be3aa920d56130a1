// The plan view the host posts for a list (core/protocol/plan-view.ts: its type and schema).
import { type TodoItem } from '../domain-literals';
import { itemEvidence, withFiles } from './plan-flags';
import type { ItemTiming, PlanLedger } from './plan-ledger';
import { planProgress } from './summaries';
import type { ChangedFile } from '../protocol/item-evidence-view';
import type { PlanItemView, PlanView } from '../protocol/plan-view';

/**
 * The files an item changed (core/checkpoints/item-files.ts): null when
 * unknown, undefined while the host reads them (the view has no `files` yet).
 */
export type FilesOf = (content: string) => ChangedFile[] | null | undefined;

/** An item's evidence and flag for its view (plan-flags.ts itemEvidence), or null for none. */
type EvidenceOf = (content: string) => Pick<PlanItemView, 'evidence' | 'flag'> | null;

/**
 * The view of a list; null (no plan stands) for null. `timings` (the standing plan's ledger) gives each
 * item its priority when an ACP agent set one other than medium; `evidenceOf` its evidence and flag.
 */
export function planView(
  plan: readonly TodoItem[],
  timings?: ReadonlyMap<string, ItemTiming>,
  evidenceOf?: EvidenceOf,
): PlanView;
export function planView(
  plan: readonly TodoItem[] | null,
  timings?: ReadonlyMap<string, ItemTiming>,
  evidenceOf?: EvidenceOf,
): PlanView | null;
export function planView(
  plan: readonly TodoItem[] | null,
  timings?: ReadonlyMap<string, ItemTiming>,
  evidenceOf?: EvidenceOf,
): PlanView | null {
  if (plan === null) return null;
  return {
    todos: plan.map((t) => {
      const priority = timings?.get(t.content)?.priority ?? null;
      const found = evidenceOf?.(t.content) ?? null;
      return {
        content: t.content,
        status: t.status,
        ...(priority === null ? {} : { priority }),
        ...(found?.evidence ? { evidence: found.evidence } : {}),
        ...(found?.flag ? { flag: found.flag } : {}),
      };
    }),
    progress: planProgress(plan),
  };
}

/**
 * The standing plan as the Agent view's strip shows it: each item's evidence and flag
 * when the log records its agent's tool calls (time in progress counted to `now`), and
 * marked `proposed` while its plan-first review is at that stage (protocol/plan-view.ts says
 * what the fields mean). `waiting`: this window's turn waits for the decision on it now;
 * `filesOf`: the files each item changed, as far as the host has read them.
 */
export function standingPlanView(
  ledger: PlanLedger,
  recordsToolCalls: boolean,
  now: Date,
  waiting: boolean,
  filesOf?: FilesOf,
): PlanView | null {
  const state = ledger.plan;
  if (state === null) return null;
  const evidenceOf: EvidenceOf | undefined = recordsToolCalls
    ? (content) => {
        const found = itemEvidence(ledger, content, true, now);
        return (
          found && {
            evidence: withFiles(found.evidence, filesOf?.(content)),
            ...(found.flag === null ? {} : { flag: found.flag }),
          }
        );
      }
    : undefined;
  const view = planView(state.todos, ledger.timings, evidenceOf);
  return state.review?.stage === 'proposed' ? { ...view, proposed: { version: state.seq, waiting } } : view;
}
