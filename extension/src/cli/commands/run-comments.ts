// `run --session <id> --comments`: the unresolved comments on the session's plan, in one
// message each quoting its item (core/plan/comments-message.ts), are the turn's prompt,
// after the prompt's own words when given; our agent or the session's ACP agent gets
// the same text. An imported session's comments are in its comments side log
// (core/store/side-comments.ts): read with its log's. A session with no unresolved comment: exit 1, nothing run.
import type { AskLine } from '../../core/tools/approvals';
import { unresolvedCommentsMessage } from '../../core/plan/comments-message';
import { ReviewWithSide } from '../../core/plan/side-review';
import { sideCommentsOfLog } from '../../core/store/side-comments';
import { SessionStore } from '../../core/store/session-store';
import type { CliIo } from '../io';
import { readValidatedLog } from '../read-log';
import { isSessionId, sessionFolder } from '../session-flags';
import { EXIT_FAILED, UsageError } from '../usage';
import type { RunFlags } from './run';
import { runAnyAgent } from './run-acp';

/** `run`, its prompt followed by the unresolved comments when `comments` (--comments) is given. */
export async function runWithComments(
  comments: boolean,
  io: CliIo,
  flags: RunFlags,
  signal: AbortSignal,
  ask?: AskLine,
): Promise<number> {
  if (!comments) return runAnyAgent(io, flags, signal, ask);
  const { session } = flags;
  if (session === undefined) throw new UsageError('--comments needs --session <id>');
  if (!isSessionId(session)) throw new UsageError(`--session needs a session id (got ${JSON.stringify(session)})`);
  const store = new SessionStore(sessionFolder(io, flags.sessionDir));
  if (!store.exists(session)) return runAnyAgent(io, flags, signal, ask); // run says what is missing
  const logPath = store.pathOf(session);
  const review = new ReviewWithSide(sideCommentsOfLog(logPath));
  const log = readValidatedLog(io, logPath, (event) => review.apply(event));
  if (!log) return EXIT_FAILED;
  const message = unresolvedCommentsMessage(review.review);
  if (message === null) {
    io.err(`agent-checklist: session ${session} has no unresolved comment on its plan`);
    return EXIT_FAILED;
  }
  const prompt = flags.prompt === '' ? message : `${flags.prompt}\n\n${message}`;
  return runAnyAgent(io, { ...flags, prompt }, signal, ask);
}
