/** @jsxRuntime automatic @jsxImportSource preact */
// The plan strip above the composer: a header button (aria-expanded) with the
// checklist icon, "Plan" and the per-status counts, expanding to every item with a
// glyph per status (and its status in words, so nothing depends on color or glyph).
// Collapsed to that one-line header by default, so the transcript keeps the room;
// expanded or not is a UI toggle the page remembers (ui-toggle.ts), one for the main
// strip and one for a subagent's. Hidden while no plan stands and while the plan is
// empty. Every item is listed — several may be in progress — and the first active one
// is scrolled into view.
//
// In a session this window writes (`editable`: the host's session view is not
// read-only) each item is a PlanRow (checkbox, keys, menu) and the list ends with Add
// Item…; a subagent's strip and a read-only session's show the items only. The header
// bar also opens the plan history (`history`); while it is open the strip keeps to its
// header (expanding it closes the history). While Run All Items runs, a line under the
// header says where it is ("Running all items: 2 of 5 · <item>", the host's runAll view).
//
// Plan first: while the host marks the main strip's plan `proposed`, the strip opens
// to show it, read only, with the decision under its header (plan-review.tsx, a lazy
// chunk): Edit turns its rows into the editable ones above (focus on the first).
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { PlanItemView, PlanView, RunAllView } from '@core/protocol/messages';
import { format, useStrings } from '../i18n';
import { PLAN_KEYS_ID, PlanRow, Priority } from './plan-row';
import {
  AddItemRow,
  Commenting,
  ItemComments,
  PlanReview,
  RowEvidence,
  RowCheck,
  StripReview,
  TextInput,
} from '../lazy-views';
import { useToggle } from '../ui-toggle';
import { Icon } from './icon';
import { type FocusLater, PlanBar, usePlanFocus } from './plan-strip-parts';

const STATUS_GLYPH: Record<PlanItemView['status'], string> = {
  completed: 'pass-filled',
  in_progress: 'play-circle',
  pending: 'circle-large-outline',
};

export interface PlanStripProps {
  plan: PlanView | null;
  variant?: 'main' | 'child';
  /** The user may edit this plan (main strip of a writable session). */
  editable?: boolean;
  /** The plan history's toggle (main strip): whether it shows, and how to flip it. */
  history?: { open: boolean; toggle: () => void };
  /** A read-only session whose comments this window keeps beside it: its rows offer Comment on Item… alone. */
  commentable?: boolean | undefined;
  /** Run All Items under way (the host's running state): the item's place and text, painted under the header. */
  runAll?: RunAllView | undefined;
}

export function PlanStrip(props: PlanStripProps) {
  const { plan, variant = 'main', editable = false, history } = props;
  const s = useStrings();
  const [remembered, setExpanded] = useToggle(variant === 'main' ? 'planExpanded' : 'childPlanExpanded', false);
  // The open history shows the plan's versions in the room above: the strip keeps to its header meanwhile.
  const expanded = remembered && !history?.open;
  const flip = (): void => {
    if (history?.open) history.toggle();
    setExpanded(!expanded);
  };
  const [adding, setAdding] = useState(false);
  const proposed = variant === 'main' ? plan?.proposed : undefined;
  const [reviewEdit, setReviewEdit] = useState(false);
  // A proposal opens the strip (the user may close it again); its end ends its edit mode.
  useEffect(() => (proposed ? setExpanded(true) : setReviewEdit(false)), [!proposed]);
  const { list, focusLater } = usePlanFocus(plan, expanded, reviewEdit);
  // A proposed plan's rows are read only until Edit.
  const rowsEditable = editable && (!proposed || reviewEdit);
  // The rows' text box and menu are a chunk of their own: fetch it once the user sees rows they can edit.
  const editing = expanded && rowsEditable;
  useEffect(() => {
    if (editing) void TextInput.preload(); // the row edit chunk: its menu and Add Item… row too
  }, [editing]);
  if (!plan || plan.todos.length === 0) return null;
  const main = variant === 'main';
  const listId = main ? 'plan-items' : 'child-plan-items';
  return (
    <section class={main ? 'plan-strip' : 'plan-strip-child'} aria-label={s.plan}>
      <PlanBar plan={plan} main={main} expanded={expanded} listId={listId} flip={flip} history={history} />
      {props.runAll && (
        <p class="plan-run-all" role="status">
          {format(s.runAllProgress, props.runAll.at, props.runAll.of, props.runAll.content)}
        </p>
      )}
      {proposed && (
        <PlanReview
          proposed={proposed}
          editing={reviewEdit}
          edit={() => {
            if (!reviewEdit) focusLater(plan.todos[0]!.content, 0);
            setExpanded(true);
            setReviewEdit(!reviewEdit);
          }}
        />
      )}
      {main && (plan.changes || plan.todos.some((t) => t.comments)) && <StripReview plan={plan} editable={editable} />}
      {expanded && (
        <ul class="plan-items" role="list" id={listId} ref={list}>
          <PlanItems {...props} {...{ plan, rowsEditable, focusLater }} />
          {rowsEditable && (
            <AddItemRow index={plan.todos.length} adding={adding} setAdding={setAdding} focusLater={focusLater} />
          )}
        </ul>
      )}
      {editing && (
        <p class="visually-hidden" id={PLAN_KEYS_ID}>
          {s.planKeys}
        </p>
      )}
    </section>
  );
}

/** The plan's items: editable rows (checkbox, keys, menu) or read-only ones, each with its comments. */
function PlanItems(props: PlanStripProps & { plan: PlanView; rowsEditable: boolean; focusLater: FocusLater }) {
  const { plan, rowsEditable, editable, commentable, focusLater } = props;
  const s = useStrings();
  const statusText: Record<PlanItemView['status'], string> = {
    completed: s.statusCompleted,
    in_progress: s.statusInProgress,
    pending: s.statusPending,
  };
  return (
    <>
      {plan.todos.map((todo, index) => (
        <Fragment key={todo.content}>
          {rowsEditable ? (
            <PlanRow
              todo={todo}
              index={index}
              count={plan.todos.length}
              glyph={STATUS_GLYPH[todo.status]}
              statusText={statusText[todo.status]}
              focusLater={focusLater}
            />
          ) : (
            <PlanItem todo={todo} statusText={statusText[todo.status]}>
              {commentable && <Commenting todo={todo} />}
            </PlanItem>
          )}
          {todo.comments?.length ? <ItemComments todo={todo} editable={editable || commentable} /> : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * One item, read only: its status glyph, its text, its priority (an ACP agent's, when not medium) and its status in
 * words; `children` (a followed session's row menu) at its end.
 */
export function PlanItem(props: { todo: PlanItemView; statusText: string; children?: ComponentChildren }) {
  const { todo, statusText, children } = props;
  return (
    <li class={`plan-item status-${todo.status}`} data-status={todo.status}>
      <Icon name={STATUS_GLYPH[todo.status]} />
      <span class="plan-item-content">{todo.content}</span>
      <Priority todo={todo} />
      <span class="visually-hidden">, {statusText}</span>
      <RowCheck todo={todo} />
      <RowEvidence todo={todo} />
      {children}
    </li>
  );
}

/**
 * The polite live region: items the latest plan message completed ("Completed: …").
 * Always in the page (a region must exist before its text changes to be announced).
 */
export function PlanAnnouncer({ completed }: { completed: string[] }) {
  const s = useStrings();
  return (
    <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {completed.map((content) => (
        <p key={content}>{format(s.announceCompleted, content)}</p>
      ))}
    </div>
  );
}
