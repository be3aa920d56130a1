/** @jsxRuntime automatic @jsxImportSource preact */
// Plan review in the strip (issue 51): the comments under an item, each with its state
// (and Resolve where this window may comment), the strip's Send Comments while one is
// unresolved, and the collapsible "Changes since …" section of the revision's diff. The
// host presents all of it (core/presenters/plan-review-rows.ts): the page paints the
// typed rows and never diffs a list nor decides a comment's state. A lazily loaded
// chunk (lazy-views.tsx), fetched with the first plan that has a comment or changes;
// imports values from chunk-api only (main's preact).
import { format, post, useState, useStrings } from '../chunk-api';
import type { PlanCommentView, PlanDiffRow, PlanDiffView, PlanItemView, PlanView } from '@core/protocol/messages';
import type { WebviewStrings } from '@core/protocol/strings';

function stateWords(s: WebviewStrings, state: PlanCommentView['state']): string {
  switch (state) {
    case 'unresolved':
      return s.commentUnresolved;
    case 'addressed':
      return s.commentAddressed;
    case 'stale':
      return s.commentStale;
    case 'resolved':
      return s.commentResolved;
  }
}

/** An item's comments, as a list under its row. */
export function ItemComments({ todo, editable }: { todo: PlanItemView; editable?: boolean | undefined }) {
  const s = useStrings();
  return (
    <li class="plan-comments-row">
      <ul class="plan-comments" aria-label={format(s.commentsOf, todo.content)}>
        {(todo.comments ?? []).map((c) => (
          <li key={c.seq} class={`plan-comment comment-${c.state}`}>
            <span class="plan-comment-state">{stateWords(s, c.state)}</span>
            <span class="plan-comment-text">{c.text}</span>
            {editable && c.state !== 'resolved' && (
              <button
                type="button"
                class="plan-comment-resolve"
                aria-label={format(s.resolveCommentOf, c.text)}
                onClick={() => post({ type: 'resolveComment', seq: c.seq })}
              >
                {s.resolveComment}
              </button>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The strip's review under its header: the changes since …, and Send Comments while a comment is unresolved. */
export function StripReview({ plan, editable }: { plan: PlanView; editable: boolean }) {
  return (
    <>
      {plan.changes && <PlanChanges changes={plan.changes} />}
      {editable && plan.todos.some((t) => t.comments?.some((c) => c.state === 'unresolved')) && <SendComments />}
    </>
  );
}

/** Send Comments. */
function SendComments() {
  const s = useStrings();
  return (
    <button type="button" class="plan-send-comments" onClick={() => post({ type: 'sendComments' })}>
      {s.sendComments}
    </button>
  );
}

function rowText(s: WebviewStrings, row: PlanDiffRow): string {
  const status = { completed: s.statusCompleted, in_progress: s.statusInProgress, pending: s.statusPending };
  switch (row.kind) {
    case 'added':
      return format(s.diffAdded, row.text);
    case 'removed':
      return format(s.diffRemoved, row.text);
    case 'reworded':
      return format(s.diffReworded, row.oldText, row.text);
    case 'moved':
      return format(s.diffMoved, row.text);
    case 'status':
      return format(s.diffStatus, row.text, status[row.oldStatus], status[row.status]);
  }
}

/**
 * The changes since a version (the approved one, the user's last look, the one before): a button that opens their
 * list, named as the button is. `opened`: open at first (a re-approval's, which is what is asked).
 */
export function PlanChanges({ changes, opened = false }: { changes: PlanDiffView; opened?: boolean }) {
  const s = useStrings();
  const [open, setOpen] = useState(opened);
  const title = { approved: s.changesSinceApproved, seen: s.changesSinceSeen, previous: s.changesSincePrevious }[
    changes.since
  ];
  const name = format(title, String(changes.rows.length));
  return (
    <div class="plan-changes">
      <button type="button" class="plan-changes-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {name}
      </button>
      {open && (
        <ul class="plan-changes-rows" aria-label={name}>
          {changes.rows.map((row, i) => (
            <li key={`${row.itemId}-${row.kind}-${i}`} class={`plan-change change-${row.kind}`}>
              {rowText(s, row)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
