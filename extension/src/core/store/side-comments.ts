// The comments side log of a session log we may not write (side-log.ts;
// docs/formats.md, "Comments on a followed session"): `<log>.comments.jsonl`.
import type { SessionEvent, SessionEventMap } from '../session/events';
import { SIDE_COMMENT_TYPES } from '../plan/side-review';
import { appendSideLog, readSideLog, sideLogPath } from './side-log';

export function sideCommentsPath(logPath: string): string {
  return sideLogPath(logPath, 'comments');
}

/** The side log's comments and resolves, in its order (none when it does not exist). */
export function readSideComments(logPath: string): SessionEvent[] {
  return readSideLog(sideCommentsPath(logPath), SIDE_COMMENT_TYPES);
}

/** Appends a comment or a resolve under the side log's own lock (SessionLockedError while another appends). */
export function appendSideComment<K extends 'plan/comment' | 'plan/comment-resolved'>(
  logPath: string,
  type: K,
  data: SessionEventMap[K],
): SessionEvent {
  return appendSideLog(sideCommentsPath(logPath), SIDE_COMMENT_TYPES, type, data);
}
