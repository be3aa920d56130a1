// The comments side log of a session log we may not write (side-log.ts;
// docs/formats.md, "Comments on a followed session"): `<log>.comments.jsonl`.
import type { SessionEvent, SessionEventMap } from '../session/events';
import { keptBeside, type SessionHeader } from '../session/header';
import { SIDE_COMMENT_TYPES } from '../plan/side-review';
import { readHeader } from './session-store';
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

/** Whether a log's comments live in its side log: another agent's session made ours (imported or followed). */
export function commentsOnSide(header: SessionHeader): boolean {
  return keptBeside(header);
}

/** The side events to merge into a log's review: its side log's when its comments live there, else none. */
export function sideCommentsOf(logPath: string, header: SessionHeader): SessionEvent[] {
  return commentsOnSide(header) ? readSideComments(logPath) : [];
}

/** sideCommentsOf for a log not read yet: none when its header cannot be read (its reader says why). */
export function sideCommentsOfLog(logPath: string): SessionEvent[] {
  try {
    return sideCommentsOf(logPath, readHeader(logPath));
  } catch {
    return [];
  }
}
