/** @jsxRuntime automatic @jsxImportSource preact */
// Plan first in the page, a lazily loaded chunk (dist/webview/plan-first.js,
// lazy-views.tsx): the proposed plan's decision under the strip's header, and the
// composer's Plan first toggle. What the plan is and whether a decision is awaited
// are the host's (PlanView.proposed); the page only asks and posts. Approve and the
// feedback of Reject with Feedback… post one `decidePlan` each, which the host answers
// as the Approve Plan / Reject Plan with Feedback… commands do; Edit is the strip's own
// edit mode (its rows), so edits before approving are the user's edits as always.
// Imports values from chunk-api only (main's preact).
import { Icon, PlanChanges, post, useEffect, useRef, useState, useStrings } from '../chunk-api';
import type { ProposedPlanView } from '@core/protocol/messages';
import type { PlanDiffView } from '@core/protocol/plan-review-view';

export interface PlanReviewProps {
  proposed: ProposedPlanView;
  /** The strip's rows are in edit mode (Edit is pressed). */
  editing: boolean;
  /** Flips the strip's edit mode. */
  edit: () => void;
}

/**
 * Approve, Edit and Reject with Feedback… while the turn waits for the decision; a note when the proposal waits on
 * the log for the next prompt.
 */
export function PlanReview({ proposed, editing, edit }: PlanReviewProps) {
  const s = useStrings();
  const [rejecting, setRejecting] = useState(false);
  const [answered, setAnswered] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const since = proposed.sinceApproval && <SinceApproval changes={proposed.sinceApproval} />;
  if (!proposed.waiting)
    return (
      <>
        <p class="plan-review-note">{s.planProposedLater}</p>
        {since}
      </>
    );
  const cancel = (): void => {
    setRejecting(false);
    setTimeout(() => rejectButton.current?.focus()); // once the button is back
  };
  return (
    <div class="plan-review" role="group" aria-label={s.planProposed}>
      <p class="plan-review-note">{s.planProposedWaiting}</p>
      {since}
      {rejecting ? (
        <FeedbackForm
          cancel={cancel}
          send={(feedback) => {
            setAnswered(true);
            setRejecting(false);
            post({ type: 'decidePlan', decision: { kind: 'reject', feedback } });
          }}
        />
      ) : (
        <div class="plan-review-actions">
          <button
            type="button"
            class="primary-button"
            disabled={answered}
            onClick={() => {
              setAnswered(true);
              post({ type: 'decidePlan', decision: { kind: 'approve' } });
            }}
          >
            <Icon name="check" /> {s.approve}
          </button>
          <button type="button" class="secondary-button" aria-pressed={editing} disabled={answered} onClick={edit}>
            <Icon name="edit" /> {s.editPlan}
          </button>
          <button
            type="button"
            class="secondary-button"
            ref={rejectButton}
            disabled={answered}
            onClick={() => setRejecting(true)}
          >
            <Icon name="comment" /> {s.rejectWithFeedback}
          </button>
        </div>
      )}
    </div>
  );
}

/** A re-approval's diff since the approval, as the host made it (the strip's "Changes since …" painter), open. */
function SinceApproval({ changes }: { changes: PlanDiffView }) {
  return (
    <>
      <p class="plan-review-note">{useStrings().planGrewSinceApproval}</p>
      <PlanChanges changes={changes} opened />
    </>
  );
}

/**
 * The feedback box of Reject with Feedback…: focused when it opens; Enter (or Send Feedback) sends non-blank text,
 * Shift+Enter starts a new line, Escape (or Cancel) closes it.
 */
function FeedbackForm({ send, cancel }: { send: (feedback: string) => void; cancel: () => void }) {
  const s = useStrings();
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const submit = (): void => {
    if (text.trim()) send(text.trim());
  };
  return (
    <form
      class="plan-feedback"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={box}
        class="composer-input"
        aria-label={s.planFeedback}
        placeholder={s.planFeedback}
        rows={3}
        value={text}
        onInput={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            cancel();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div class="plan-review-actions">
        <button type="submit" class="primary-button" disabled={!text.trim()}>
          <Icon name="send" /> {s.sendFeedback}
        </button>
        <button type="button" class="secondary-button" onClick={cancel}>
          {s.cancel}
        </button>
      </div>
    </form>
  );
}

/**
 * The composer's Plan first toggle (a toggle button: pressed = the next prompts plan first); the host writes the
 * setting and posts it back.
 */
export function PlanFirstToggle({ on }: { on: boolean }) {
  const s = useStrings();
  return (
    <button
      type="button"
      class="secondary-button plan-first-toggle"
      aria-pressed={on}
      title={s.planFirstHint}
      onClick={() => post({ type: 'setPlanFirst', on: !on })}
    >
      <Icon name={on ? 'pass-filled' : 'circle-large-outline'} /> {s.planFirst}
    </button>
  );
}
