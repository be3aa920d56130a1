// Reads another agent's session file as it grows, through the one reader of an
// append-only JSONL file (store/jsonl-tail.ts): each read takes only the whole lines
// appended since the last one, each a JSON object (anything else reaches the agent's
// reader as undefined, to be skipped and counted). Which agent wrote the file is told
// by the content (readerFor: the one agent whose descriptor recognises a line); lines
// before the first line that tells are kept and read once it is known.
import * as z from 'zod/mini';
import { JsonlTail } from '../store/jsonl-tail';
import type { AgentFileReader, AgentLine, AgentMark } from './agent-plan';
import type { FollowedAgent, JsonlReader } from './followed-agent';
import { FOLLOWED_AGENTS } from './followed-agents';

/** Every agent's line is a JSON object; the agent's reader checks the rest. */
const agentLine: z.ZodMiniType<AgentLine> = z.record(z.string(), z.unknown());

/**
 * The reader for a file whose line is `line`: the reader of the one agent of `agents`
 * that recognises it, or undefined when none does (or more than one: the line does not tell).
 */
export function readerFor(
  line: AgentLine | undefined,
  agents: readonly FollowedAgent[] = FOLLOWED_AGENTS,
): AgentFileReader | undefined {
  if (line === undefined) return undefined;
  const told = agents.flatMap(({ reading }) => {
    const reader = reading.kind === 'jsonl' ? reading.load() : undefined;
    return reader?.recognises(line) === true ? [reader] : ([] as JsonlReader[]);
  });
  return told.length === 1 ? told[0]!.reader() : undefined;
}

export class AgentFileTail {
  private readonly tail: JsonlTail<AgentLine>;
  private known: AgentFileReader | undefined;
  private readonly before: (AgentLine | undefined)[] = [];

  constructor(
    readonly path: string,
    private readonly agents: readonly FollowedAgent[] = FOLLOWED_AGENTS,
  ) {
    this.tail = new JsonlTail(path, agentLine);
  }

  /** The file's reader once a line told which agent wrote it. */
  get reader(): AgentFileReader | undefined {
    return this.known;
  }

  /**
   * The marks of the whole lines appended since the last read. `andUnfinished`: the
   * bytes after the last newline are read too, as they stand (a whole-file import).
   * Throws the fs error of an unreadable file, or FileShrankError.
   */
  readAppended(andUnfinished = false): AgentMark[] {
    const marks: AgentMark[] = [];
    this.tail.readAppended((line) => this.read(line, marks), andUnfinished);
    return marks;
  }

  private read(line: AgentLine | undefined, marks: AgentMark[]): void {
    if (this.known === undefined) {
      this.known = readerFor(line, this.agents);
      if (this.known === undefined) {
        this.before.push(line);
        return;
      }
      for (const earlier of this.before.splice(0)) marks.push(...this.known.readLine(earlier));
    }
    marks.push(...this.known.readLine(line));
  }
}
