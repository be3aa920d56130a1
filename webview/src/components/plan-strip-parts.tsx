/** @jsxRuntime automatic @jsxImportSource preact */
// Parts of the plan strip (plan-strip.tsx): its header bar (with `3/5 · 2 verified` when
// items are verified) and where focus goes after an edit made by keys (the Add Item… row
// that ends an editable list is plan-row-edit.tsx's, an item's check state
// plan-evidence.tsx's).
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PlanView } from '@core/protocol/messages';
import { countsHeader, progressFraction, withVerified } from '@core/plan/summaries';
import { useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon, IconButton } from './icon';

/** How long a focus request waits for the plan it expects (a refused edit never brings one). */
const FOCUS_WAIT_MS = 3000;

/** Asks that the row with this content (or at this index, if none has it) takes focus once the next plan shows. */
export type FocusLater = (content: string, index: number) => void;

/**
 * The list's ref and a way to ask for focus on a row of the next plan; a render with
 * no focus asked scrolls the first item in progress into view.
 */
export function usePlanFocus(
  plan: PlanView | null,
  expanded: boolean,
  reviewEdit: boolean,
): { list: RefObject<HTMLUListElement>; focusLater: FocusLater } {
  const list = useRef<HTMLUListElement>(null);
  const wantFocus = useRef<{ content: string; index: number; at: number } | null>(null);
  useLayoutEffect(() => {
    const want = wantFocus.current;
    wantFocus.current = null;
    if (want && Date.now() - want.at < FOCUS_WAIT_MS) {
      const boxes = [...(list.current?.querySelectorAll<HTMLInputElement>('.plan-check') ?? [])];
      (
        boxes.find((box) => box.dataset.content === want.content) ?? boxes[Math.min(want.index, boxes.length - 1)]
      )?.focus();
      return;
    }
    const active = list.current?.querySelector('[data-status="in_progress"]');
    if (active && typeof active.scrollIntoView === 'function') active.scrollIntoView({ block: 'nearest' });
  }, [plan, expanded, reviewEdit]);
  const focusLater: FocusLater = (content, index) => {
    wantFocus.current = { content, index, at: Date.now() };
  };
  return { list, focusLater };
}

export interface PlanBarProps {
  plan: PlanView;
  main: boolean;
  expanded: boolean;
  listId: string;
  flip: () => void;
  history?: { open: boolean; toggle: () => void } | undefined;
}

/** The header button (icon, "Plan", the per-status counts) and, on the main strip, export, focus and history. */
export function PlanBar({ plan, main, expanded, listId, flip, history }: PlanBarProps) {
  const s = useStrings();
  const counts = countsHeader(plan.progress.counts, {
    completed: s.countCompleted,
    inProgress: s.countInProgress,
    pending: s.countPending,
  });
  return (
    <div class="plan-bar">
      <button type="button" class="plan-header" aria-expanded={expanded} aria-controls={listId} onClick={flip}>
        <Icon name={`chevron-${expanded ? 'down' : 'right'}`} />
        <Icon name="checklist" />
        <span class="plan-title">{s.plan}</span> <span class="plan-counts">{counts}</span>
        {plan.verified ? (
          <span class="plan-verified">
            {' '}
            <Icon name="verified" /> {withVerified(progressFraction(plan.progress), plan.verified, s.verifiedSummary)}
          </span>
        ) : null}
      </button>
      {main && (
        <>
          <IconButton icon="export" label={s.exportPlan} onClick={() => post({ type: 'exportPlan' })} />
          <IconButton icon="list-tree" label={s.focusPlan} onClick={() => post({ type: 'focusPlan' })} />
          {history && (
            <IconButton
              icon="history"
              label={s.planHistory}
              class="plan-history-toggle"
              aria-expanded={history.open}
              aria-controls="plan-history"
              onClick={history.toggle}
            />
          )}
        </>
      )}
    </div>
  );
}
