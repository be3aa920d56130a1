// An agent's session file made into one of our session logs. The log is a pure
// function of the file's content: its id comes from the agent's session id
// (`<agent id>-<session id>`), so importing the same file again, after the
// agent appended (a resume), lands on the same path; the log is then REWRITTEN
// whole, written to a temporary file beside it and renamed over it (readers see the
// old log or the new one, never half of one). Held by the log's lock meanwhile.
// How marks become events: mark-writer.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Disposable } from '../disposable';
import { makeHeader } from '../session/header';
import { FileSink } from '../store/file-sink';
import { acquireLock } from '../store/lock';
import { makeSessionFolder, refuseLinkedFile } from '../store/no-follow';
import { readHeader, SessionStore } from '../store/session-store';
import { MarkWriter, validTime } from './mark-writer';
import type { AgentFile, ImportResult } from './agent-plan';
import type { FollowedAgent } from './followed-agent';
import { FOLLOWED_AGENTS } from './followed-agents';
import { readAgentFile } from './read-agent-file';

/** An import whose log stays open for more marks (a followed file): the lock is held until disposed. */
export interface OpenImport extends Disposable {
  path: string;
  versions: number;
  writer: MarkWriter;
}

/** Our log's id for an agent's session: letters, digits, dot, dash and underscore only. */
export function importedLogId(agent: string, sessionId: string): string {
  return `${agent}-${sessionId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

/** `sourceFile` (one of `agents`' session files) made into one of our logs in `sessionDir`. */
export function importAgentFile(
  sourceFile: string,
  sessionDir: string,
  agents: readonly FollowedAgent[] = FOLLOWED_AGENTS,
): ImportResult {
  const file = readAgentFile(sourceFile, agents);
  const imported = importOpen(file, sourceFile, sessionDir);
  imported.dispose();
  return { path: imported.path, file, versions: imported.versions };
}

/** Writes `file`'s log (replacing an earlier import of the same session) and keeps it open for appending. */
export function importOpen(file: AgentFile, sourceFile: string, sessionDir: string): OpenImport {
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
    const { writer, versions } = writeLog(temp, file, path.resolve(sourceFile), path.basename(logPath, '.jsonl'));
    fs.renameSync(temp, logPath);
    const sink = new FileSink(logPath, writer.session.header, true);
    writer.session.attachSink(sink);
    return {
      path: logPath,
      versions,
      writer,
      dispose: () => {
        sink.dispose();
        lock.dispose();
      },
    };
  } catch (error) {
    lock.dispose();
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** A log already at the path must be an import of this agent's session: never another writer's log. */
function refuseForeignLog(logPath: string, agent: string): void {
  if (!fs.existsSync(logPath)) return;
  const source = readHeader(logPath).source;
  if (source?.kind !== 'imported' || source.name !== agent)
    throw new Error(`${logPath} exists and is not an import of this ${agent} session; not replaced`);
}

/** Writes the whole log to `temp` (durably); the writer is left without a sink. */
function writeLog(temp: string, file: AgentFile, source: string, id: string): { writer: MarkWriter; versions: number } {
  const { info, marks } = file;
  const startedAt = validTime(info.startedAt) ?? validTime(marks[0]?.ts) ?? new Date(0).toISOString();
  const header = makeHeader({
    id,
    now: new Date(startedAt),
    ...(info.cwd === undefined ? {} : { cwd: info.cwd }),
    ...(info.title === undefined ? {} : { title: info.title }),
    source: { kind: 'imported', name: info.agent, version: info.version ?? 'unknown', file: source },
  });
  const sink = new FileSink(temp, header, false);
  const writer = new MarkWriter(header, sink, startedAt);
  let versions = 0;
  try {
    for (const mark of marks) versions += writer.write(mark);
    if (writer.session.lastSeq === 0) {
      // A file with no turn yet: one empty turn, so the log exists (its header is written with the first event).
      writer.session.append('turn/start', { turn: 1 });
      writer.session.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
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
  return { writer, versions };
}
