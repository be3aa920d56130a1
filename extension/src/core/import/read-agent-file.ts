// Reads another agent's session file whole: which agent wrote it (from the content,
// never the file name), and every mark its reader makes. A line the agent had not
// finished (no newline yet) is read as it stands: when it is not JSON it is skipped
// and counted like any line the reader does not understand.
import * as fs from 'node:fs';
import type { AgentMark, AgentSessionInfo } from './agent-plan';
import { AgentFileTail } from './agent-file-tail';
import { brandedError, errorGuard } from '../error-brand';

export interface AgentFile {
  info: AgentSessionInfo;
  marks: AgentMark[];
  /** Lines skipped as not understood. */
  skipped: number;
}

/** The file cannot be read, or is no agent session file this build reads. */
export class AgentFileError extends brandedError('AgentFileError') {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`cannot import ${file}: ${reason}`);
    this.name = 'AgentFileError';
  }
}

/** Whether `value` is an AgentFileError, whichever bundle's copy of the class made it. */
export const isAgentFileError = errorGuard<AgentFileError>('AgentFileError');

export function readAgentFile(file: string): AgentFile {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    throw new AgentFileError(
      file,
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'no such file'
        : String(error instanceof Error ? error.message : error),
    );
  }
  if (!stat.isFile()) throw new AgentFileError(file, 'not a file');
  const tail = new AgentFileTail(file);
  let marks: AgentMark[];
  try {
    marks = tail.readAppended(true);
  } catch (error) {
    throw new AgentFileError(file, error instanceof Error ? error.message : String(error));
  }
  const { reader } = tail;
  if (reader === undefined)
    throw new AgentFileError(
      file,
      'it is neither a Claude Code transcript, a Codex rollout nor a Gemini CLI session (no line names a session)',
    );
  if (reader.info.sessionId === undefined) throw new AgentFileError(file, 'no line names its session id');
  return { info: reader.info, marks, skipped: reader.skipped };
}
