// Plan review's comments from the CLI (core/plan/plan-comments.ts):
// `comment <log> --item <n> <text>`: a plan/comment on item n (from 1) of the standing
// plan, made on its version; `comment <log> --resolve <seq>`: the user marks the
// comment at event seq resolved (plan/comment-resolved). Each takes the session's lock
// like `edit`: while another process writes the session (a turn, a VS Code window, the
// follower of another agent's session) it is refused (exit 1) and nothing is written.
// On another agent's session made ours (imported, or followed by a window) the comments
// go to its side log instead (core/store/side-comments.ts): never the log the follower
// writes and a re-import rewrites, never the agent's files; `comment` takes the side
// log's own lock, and the seqs it names are the side log's.
// `comments <log> [--format text|json]`: every comment with its state on the latest plan
// version, the stale ones included; JSON is exactly an array of { seq, itemId, planSeq,
// state, item, text } (item: its item's text, now or when last seen).
import { listComments, planCommentsProjection, type PlanReviewState } from '../../core/plan/plan-comments';
import { SessionFolds } from '../../core/plan/session-folds';
import { fold } from '../../core/session/projection';
import { MAX_COMMENT_CHARS } from '../../core/session/review-events';
import { visibleControls } from '../../core/terminal-text';
import type { SessionEvent } from '../../core/session/events';
import { foldWithSide } from '../../core/plan/side-review';
import { isSessionLockedError } from '../../core/store/lock';
import { appendSideComment, commentsOnSide, readSideComments, sideCommentsOf } from '../../core/store/side-comments';
import { readHeader } from '../../core/store/session-store';
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
  if (onSide(logPath)) return commentOnSide(io, logPath, action);
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
    return appendComment(io, session.events, review, action, (data) => session.append('plan/comment', data).seq);
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

type CommentData = { itemId: string; planSeq: number; text: string };

function appendComment(
  io: CliIo,
  events: Iterable<SessionEvent>,
  review: PlanReviewState,
  action: Extract<CommentAction, { kind: 'comment' }>,
  write: (data: CommentData) => number,
): number {
  const plan = SessionFolds.over(events, { transcript: null }).planState;
  const item = plan !== null && review.version?.seq === plan.seq ? review.version.items[action.n - 1] : undefined;
  if (plan === null || item === undefined) {
    io.err(`agent-checklist: the plan has no item ${action.n} (it has ${plan?.todos.length ?? 0})`);
    return EXIT_FAILED;
  }
  const seq = write({ itemId: item.itemId, planSeq: plan.seq, text: action.text });
  io.out(oneLine(`comment ${seq} on item ${action.n} (${item.content}): ${action.text}`));
  return EXIT_OK;
}

export function commentsCommand(io: CliIo, logPath: string, format: string): number {
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json (got ${JSON.stringify(format)})`);
  const events: SessionEvent[] = [];
  const log = readValidatedLog(io, logPath, (event) => events.push(event));
  if (!log) return EXIT_FAILED;
  const comments = listComments(foldWithSide(events, sideCommentsOf(logPath, log.header)));
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

/** Whether the log's comments live in its side log (a log that cannot be read says so on the usual path). */
function onSide(logPath: string): boolean {
  try {
    return commentsOnSide(readHeader(logPath));
  } catch {
    return false;
  }
}

function commentOnSide(io: CliIo, logPath: string, action: CommentAction): number {
  const events: SessionEvent[] = [];
  if (!readValidatedLog(io, logPath, (event) => events.push(event))) return EXIT_FAILED;
  const review = foldWithSide(events, readSideComments(logPath));
  try {
    if (action.kind === 'comment')
      return appendComment(io, events, review, action, (data) => appendSideComment(logPath, 'plan/comment', data).seq);
    const problem = resolvable(review, action.seq);
    if (problem !== null) {
      io.err(`agent-checklist: ${problem}`);
      return EXIT_FAILED;
    }
    appendSideComment(logPath, 'plan/comment-resolved', { commentSeq: action.seq });
    io.out(`resolved comment ${action.seq}`);
    return EXIT_OK;
  } catch (error) {
    if (!isSessionLockedError(error)) throw error;
    io.err(`agent-checklist: cannot comment: process ${error.pid} is adding a comment (lock: ${error.lockPath})`);
    return EXIT_FAILED;
  }
}
