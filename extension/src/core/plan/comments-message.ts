// The unresolved comments as one message to the agent (Send Comments; CLI `approve
// --reject` with no text, `run --comments`): each quotes its item's text as it stands.
// Addressed, stale and resolved comments are not sent. The text is the user's; it goes
// to the model as the user's words (a rejection's feedback or a prompt).
import { listComments, type PlanReviewState } from './plan-comments';

/** The message, or null when no comment is unresolved. */
export function unresolvedCommentsMessage(state: PlanReviewState): string | null {
  const open = listComments(state).filter((c) => c.state === 'unresolved');
  if (open.length === 0) return null;
  const lines = open.map((c) => `- On the item "${c.item ?? ''}": ${c.text}`);
  return ['My comments on the plan:', ...lines].join('\n');
}
