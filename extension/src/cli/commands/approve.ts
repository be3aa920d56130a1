// `approve <log> [--reject "<feedback>"]`: the user's decision on the plan a
// plan-first turn proposed and left waiting (turnEnd `awaiting-approval`, or stopped
// while proposed). Appends plan/approved (the plan version standing now, with any
// `edit` made since) or plan/rejected {feedback}, between turns; `run --session <id>`
// then goes on: working after an approval, replanning after a rejection. Refused
// (exit 1) when no proposal waits, or while another process writes the session.
import { planAsText } from '../../core/plan/summaries';
import { SessionFolds } from '../../core/plan/session-folds';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export const NO_PROPOSAL = 'no proposed plan waits for a decision in this session';

export function approveCommand(io: CliIo, logPath: string, reject: string | undefined): number {
  const feedback = reject?.trim();
  if (feedback === '') throw new UsageError('--reject needs your feedback for the model (got an empty one)');
  const opened = openUnlessWritten(io, logPath, 'decide on the plan', 'decide there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
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
