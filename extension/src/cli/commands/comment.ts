// Plan review's comments from the CLI (core/plan/plan-comments.ts):
// `comment <log> --item <n> <text>`: a plan/comment on item n (from 1) of the standing
// plan, made on its version; `comment <log> --resolve <seq>`: the user marks the
// comment at event seq resolved (plan/comment-resolved). Each takes the session's lock
// like `edit`: while another process writes the session (a turn, a VS Code window, the
// follower of another agent's session) it is refused (exit 1) and nothing is written.
// `comments <log> [--format text|json]`: every comment with its state on the latest plan
// version, the stale ones included; JSON is exactly an array of { seq, itemId, planSeq,
// state, item, text } (item: its item's text, now or when last seen).
import { listComments, planCommentsProjection, type PlanReviewState } from '../../core/plan/plan-comments';
import { SessionFolds } from '../../core/plan/session-folds';
import { fold } from '../../core/session/projection';
import { MAX_COMMENT_CHARS } from '../../core/session/review-events';
import { visibleControls } from '../../core/terminal-text';
import type { Session } from '../../core/session/session';
import { openUnlessWritten } from '../open-log';
import { readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export interface CommentFlags {
  item?: string;
  resolve?: string;
}

type CommentAction = { kind: 'comment'; n: number; text: string } | { kind: 'resolve'; seq: number };

function wholeNumber(text: string, flag: string): number {
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(`${flag} needs a whole number from 1 (got ${JSON.stringify(text)})`);
  return Number(text);
}

function parseAction(flags: CommentFlags, words: readonly string[]): CommentAction {
  if ((flags.item === undefined) === (flags.resolve === undefined))
    throw new UsageError('comment needs exactly one of --item <n> <text>, --resolve <seq>');
  if (flags.resolve !== undefined) {
    if (words.length) throw new UsageError('comment --resolve takes no text');
    return { kind: 'resolve', seq: wholeNumber(flags.resolve, '--resolve') };
  }
  const text = words.join(' ').trim();
  if (text === '') throw new UsageError('comment needs the text of the comment (got an empty one)');
  if (text.length > MAX_COMMENT_CHARS)
    throw new UsageError(`a comment has at most ${MAX_COMMENT_CHARS} characters (got ${text.length})`);
  return { kind: 'comment', n: wholeNumber(flags.item ?? '', '--item'), text };
}

export function commentCommand(io: CliIo, logPath: string, words: readonly string[], flags: CommentFlags): number {
  const action = parseAction(flags, words);
  const opened = openUnlessWritten(io, logPath, 'comment on the plan', 'comment there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
    const review = fold(planCommentsProjection, session.events);
    const problem = action.kind === 'resolve' ? resolvable(review, action.seq) : null;
    if (problem !== null) {
      io.err(`agent-checklist: ${problem}`);
      return EXIT_FAILED;
    }
    if (action.kind === 'resolve') {
      session.append('plan/comment-resolved', { commentSeq: action.seq });
      io.out(`resolved comment ${action.seq}`);
      return EXIT_OK;
    }
    return appendComment(io, session, review, action);
  } finally {
    opened.dispose();
  }
}

function resolvable(review: PlanReviewState, seq: number): string | null {
  const comment = review.comments.find((c) => c.seq === seq);
  if (comment === undefined) return `event ${seq} is not a comment of this session`;
  return comment.resolved ? `comment ${seq} is already resolved` : null;
}

/** Text made one line, every control character visible (a comment or an item may hold any). */
function oneLine(text: string): string {
  return visibleControls(text, { keepLayout: false });
}

function appendComment(
  io: CliIo,
  session: Session,
  review: PlanReviewState,
  action: Extract<CommentAction, { kind: 'comment' }>,
): number {
  const plan = SessionFolds.over(session.events, { transcript: null }).planState;
  const item = plan !== null && review.version?.seq === plan.seq ? review.version.items[action.n - 1] : undefined;
  if (plan === null || item === undefined) {
    io.err(`agent-checklist: the plan has no item ${action.n} (it has ${plan?.todos.length ?? 0})`);
    return EXIT_FAILED;
  }
  const event = session.append('plan/comment', { itemId: item.itemId, planSeq: plan.seq, text: action.text });
  io.out(oneLine(`comment ${event.seq} on item ${action.n} (${item.content}): ${action.text}`));
  return EXIT_OK;
}

export function commentsCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json (got ${JSON.stringify(format)})`);
  let review = planCommentsProjection.init;
  const log = readValidatedLog(io, logPath, (event) => {
    review = planCommentsProjection.apply(review, event);
  });
  if (!log) return EXIT_FAILED;
  const comments = listComments(review);
  if (format === 'json') {
    io.out(JSON.stringify(comments));
    return EXIT_OK;
  }
  const lines = comments.map((c) =>
    oneLine(`${c.seq} ${c.state} · item ${c.itemId} "${c.item ?? '?'}" (version ${c.planSeq}): ${c.text}`),
  );
  io.out(lines.length ? lines.join('\n') : '(no comments)');
  return EXIT_OK;
}
