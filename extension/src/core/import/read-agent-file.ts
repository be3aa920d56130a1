// Reads another agent's session file whole: which agent wrote it (from the content,
// never the file name), and every mark its reader makes. A line the agent had not
// finished (no newline yet) is read as it stands: when it is not JSON it is skipped
// and counted like any line the reader does not understand.
import * as fs from 'node:fs';
import { parseJson } from '../store/parse-json';
import { forEachLine } from '../store/line-reader';
import type { AgentFileReader, AgentMark, AgentSessionInfo } from './agent-plan';
import { ClaudeTranscriptReader } from './claude-transcript';
import { CodexRolloutReader } from './codex-rollout';

export interface AgentFile {
  info: AgentSessionInfo;
  marks: AgentMark[];
  /** Lines skipped as not understood. */
  skipped: number;
}

/** The file cannot be read, or is neither a Claude Code transcript nor a Codex rollout. */
export class AgentFileError extends Error {
  constructor(readonly file: string, reason: string) {
    super(`cannot import ${file}: ${reason}`);
    this.name = 'AgentFileError';
  }
}

/**
 * The reader for a file whose line is `line`, or undefined when the line does not
 * tell: a Codex rollout opens with `session_meta`; every Claude Code line that
 * belongs to the session carries a `sessionId` beside its `type`.
 */
export function readerFor(line: string): AgentFileReader | undefined {
  const json = parseJson(line);
  if (typeof json !== 'object' || json === null || !('type' in json)) return undefined;
  if (json.type === 'session_meta' && 'payload' in json) return new CodexRolloutReader();
  if ('sessionId' in json && typeof json.sessionId === 'string') return new ClaudeTranscriptReader();
  return undefined;
}

export function readAgentFile(file: string): AgentFile {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    throw new AgentFileError(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error instanceof Error ? error.message : error));
  }
  if (!stat.isFile()) throw new AgentFileError(file, 'not a file');
  let reader: AgentFileReader | undefined;
  const before: string[] = [];
  const marks: AgentMark[] = [];
  const read = (text: string) => {
    if (reader === undefined) {
      reader = readerFor(text);
      if (reader === undefined) {
        before.push(text);
        return;
      }
      for (const earlier of before.splice(0)) marks.push(...reader.readLine(earlier));
    }
    marks.push(...reader.readLine(text));
  };
  try {
    const { unterminated } = forEachLine(file, (v) => read(v.text));
    if (unterminated) read(unterminated.text);
  } catch (error) {
    throw new AgentFileError(file, error instanceof Error ? error.message : String(error));
  }
  if (reader === undefined) throw new AgentFileError(file, 'it is neither a Claude Code transcript nor a Codex rollout (no line names a session)');
  if (reader.info.sessionId === undefined) throw new AgentFileError(file, 'no line names its session id');
  return { info: reader.info, marks, skipped: reader.skipped };
}
