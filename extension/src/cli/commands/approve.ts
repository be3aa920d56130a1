// `approve <log> [--reject "<feedback>"]`: the user's decision on the plan a
// plan-first turn proposed and left waiting (turnEnd `awaiting-approval`, or stopped
// while proposed). Appends plan/approved (the plan version standing now, with any
// `edit` made since) or plan/rejected {feedback}, between turns; `run --session <id>`
// then goes on: working after an approval, replanning after a rejection. Refused
// (exit 1) when no proposal waits, or while another process writes the session.
// `--reject` with no text: the unresolved comments on the plan are the feedback
// (comments-message.ts), an imported session's in its comments side log too
// (core/store/side-comments.ts); none: a usage error.
import { planAsText } from '../../core/plan/summaries';
import { SessionFolds } from '../../core/plan/session-folds';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';
import { foldWithSide } from '../../core/plan/side-review';
import { sideCommentsOf } from '../../core/store/side-comments';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

const NO_PROPOSAL = 'no proposed plan waits for a decision in this session';

const NO_FEEDBACK = '--reject needs your feedback for the model (got an empty one, and no unresolved comments)';

export function approveCommand(io: CliIo, logPath: string, reject: string | undefined): number {
  const text = reject?.trim();
  const opened = openUnlessWritten(io, logPath, 'decide on the plan', 'decide there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
    const comments = (): string | null =>
      unresolvedCommentsMessage(foldWithSide(session.events, sideCommentsOf(logPath, session.header)));
    const feedback = text === '' ? comments() : text;
    if (feedback === null) throw new UsageError(NO_FEEDBACK);
    const plan = SessionFolds.over(session.events, { transcript: null }).planState;
    if (plan === null || plan.review?.stage !== 'proposed') {
      io.err(`agent-checklist: ${NO_PROPOSAL}`);
      return EXIT_FAILED;
    }
    if (feedback === undefined) session.append('plan/approved', { planSeq: plan.seq, todos: [...plan.todos] });
    else session.append('plan/rejected', { planSeq: plan.seq, feedback });
    io.out(`${feedback === undefined ? 'approved' : 'rejected'}\n${planAsText(plan.todos)}`);
    io.err(`— go on with: agent-checklist run --session ${session.id}`);
    return EXIT_OK;
  } finally {
    opened.dispose();
  }
}
