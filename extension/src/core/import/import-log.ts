// An agent's session file made into one of our session logs. The log is a pure
// function of the file's content: its id comes from the agent's session id
// (`claude-code-<id>`, `codex-<id>`), so importing the same file again, after the
// agent appended (a resume), lands on the same path; the log is then REWRITTEN
// whole, written to a temporary file beside it and renamed over it (readers see the
// old log or the new one, never half of one). Held by the log's lock meanwhile.
//
// Each mark becomes events stamped with the agent's own time (kept in order: a time
// earlier than the one before is raised to it): a turn-start opens a turn (closing
// one still open), a turn-end closes it (`completed`), a plan write is a
// `todo/write` (the agent, not the user, wrote it), inside a turn (one is opened at
// its time when the agent wrote outside any). A turn the file has not ended stays
// open, as the agent left it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeHeader } from '../session/header';
import { Session } from '../session/session';
import { FileSink } from '../store/file-sink';
import { acquireLock } from '../store/lock';
import { makeSessionFolder, refuseLinkedFile } from '../store/no-follow';
import { readHeader, SessionStore } from '../store/session-store';
import type { AgentMark } from './agent-plan';
import { readAgentFile, type AgentFile } from './read-agent-file';

export interface ImportResult {
  path: string;
  file: AgentFile;
  /** Plan versions written (one per plan write in the file). */
  versions: number;
}

/** Our log's id for an agent's session: letters, digits, dot, dash and underscore only. */
export function importedLogId(agent: string, sessionId: string): string {
  return `${agent}-${sessionId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

export function importAgentFile(sourceFile: string, sessionDir: string): ImportResult {
  const file = readAgentFile(sourceFile);
  const { info } = file;
  const store = new SessionStore(sessionDir);
  makeSessionFolder(store.dir);
  const logPath = store.pathOf(importedLogId(info.agent, info.sessionId ?? ''));
  const lock = acquireLock(logPath);
  const temp = path.join(store.dir, `.${path.basename(logPath)}.import-${process.pid}.tmp`);
  try {
    refuseLinkedFile(logPath);
    refuseForeignLog(logPath, info.agent);
    fs.rmSync(temp, { force: true });
    const versions = writeLog(temp, file, path.resolve(sourceFile), path.basename(logPath, '.jsonl'));
    fs.renameSync(temp, logPath);
    return { path: logPath, file, versions };
  } finally {
    fs.rmSync(temp, { force: true });
    lock.dispose();
  }
}

/** A log already at the path must be an import of this agent's session: never another writer's log. */
function refuseForeignLog(logPath: string, agent: string): void {
  if (!fs.existsSync(logPath)) return;
  const source = readHeader(logPath).source;
  if (source?.kind !== 'imported' || source.name !== agent) throw new Error(`${logPath} exists and is not an import of this ${agent} session; not replaced`);
}

/** Writes the whole log to `temp` (durably) and returns the number of plan versions. */
function writeLog(temp: string, file: AgentFile, source: string, id: string): number {
  const { info, marks } = file;
  let clock = validTime(info.startedAt) ?? validTime(marks[0]?.ts) ?? new Date(0).toISOString();
  const header = makeHeader({
    id,
    now: new Date(clock),
    ...(info.cwd === undefined ? {} : { cwd: info.cwd }),
    source: { kind: 'imported', name: info.agent, version: info.version ?? 'unknown', file: source },
  });
  const sink = new FileSink(temp, header, false);
  let versions = 0;
  try {
    const session = new Session(header, { sink, now: () => new Date(clock) });
    for (const mark of marks) {
      const ts = validTime(mark.ts);
      if (ts !== undefined && ts > clock) clock = ts;
      versions += appendMark(session, mark);
    }
    if (session.lastSeq === 0) {
      // A file with no turn yet: one empty turn, so the log exists (its header is written with the first event).
      session.append('turn/start', { turn: 1 });
      session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    }
  } finally {
    sink.dispose();
  }
  const fd = fs.openSync(temp, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return versions;
}

function appendMark(session: Session, mark: AgentMark): number {
  const open = session.openTurn;
  switch (mark.kind) {
    case 'turn-start':
      if (open !== null) session.append('turn/end', { turn: open, reason: { kind: 'completed' } });
      session.append('turn/start', { turn: session.lastTurn + 1 });
      return 0;
    case 'turn-end':
      if (open !== null) session.append('turn/end', { turn: open, reason: { kind: 'completed' } });
      return 0;
    case 'plan':
      if (open === null) session.append('turn/start', { turn: session.lastTurn + 1 });
      session.append('todo/write', { todos: mark.todos });
      return 1;
  }
}

/** The time as an ISO string, or undefined when it is not one. */
function validTime(ts: string | undefined): string | undefined {
  if (ts === undefined) return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
