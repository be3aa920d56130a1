// Reads another agent's session file whole: which agent wrote it (from the content,
// never the file name), and every mark its reader makes. A line the agent had not
// finished (no newline yet) is read as it stands: when it is not JSON it is skipped
// and counted like any line the reader does not understand.
import * as fs from 'node:fs';
import type { AgentFile, AgentMark } from './agent-plan';
import { AgentFileTail } from './agent-file-tail';
import { brandedError, errorGuard } from '../error-brand';
import type { FollowedAgent } from './followed-agent';
import { FOLLOWED_AGENTS } from './followed-agents';

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

export function readAgentFile(file: string, agents: readonly FollowedAgent[] = FOLLOWED_AGENTS): AgentFile {
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
  const tail = new AgentFileTail(file, agents);
  let marks: AgentMark[];
  try {
    marks = tail.readAppended(true);
  } catch (error) {
    throw new AgentFileError(file, error instanceof Error ? error.message : String(error));
  }
  const { reader } = tail;
  if (reader === undefined)
    throw new AgentFileError(file, `it is neither ${fileKinds(agents)} (no line names a session)`);
  if (reader.info.sessionId === undefined) throw new AgentFileError(file, 'no line names its session id');
  return { info: reader.info, marks, skipped: reader.skipped };
}

/** What the agents' files are, as the CLI names them: "a X, a Y nor a Z". */
function fileKinds(agents: readonly FollowedAgent[]): string {
  const kinds = agents.flatMap(({ reading }) => (reading.kind === 'jsonl' ? [reading.load().what] : []));
  return kinds.length < 2 ? (kinds[0] ?? 'a session file') : `${kinds.slice(0, -1).join(', ')} nor ${kinds.at(-1)!}`;
}
