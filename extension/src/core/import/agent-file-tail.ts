// Reads another agent's session file as it grows: each read takes only the whole lines
// appended since the last one (bytes after the last newline, a line the agent is still
// writing, wait for the next read), so a read costs what was appended, whatever the
// file's size. Which agent wrote the file is told by the content (readerFor); lines
// before the first line that tells are kept and read once it is known.
import * as fs from 'node:fs';
import { LineSplitter } from '../store/line-reader';
import { parseJson } from '../store/parse-json';
import type { AgentFileReader, AgentMark } from './agent-plan';
import { ClaudeTranscriptReader } from './claude-transcript';
import { CodexRolloutReader } from './codex-rollout';
import { brandedError, errorGuard } from '../error-brand';
import { GeminiSessionReader } from './gemini-session';

const BLOCK_BYTES = 1 << 20;

/**
 * The reader for a file whose line is `line`, or undefined when the line does not
 * tell: a Codex rollout opens with `session_meta`; every Claude Code line that
 * belongs to the session carries a `sessionId` beside its `type`; a Gemini CLI
 * session opens with its metadata (`sessionId` and `projectHash`, no `type`).
 */
export function readerFor(line: string): AgentFileReader | undefined {
  const json = parseJson(line);
  if (typeof json !== 'object' || json === null) return undefined;
  if (!('type' in json)) return 'sessionId' in json && 'projectHash' in json ? new GeminiSessionReader() : undefined;
  if (json.type === 'session_meta' && 'payload' in json) return new CodexRolloutReader();
  if ('sessionId' in json && typeof json.sessionId === 'string') return new ClaudeTranscriptReader();
  return undefined;
}

/** The file no longer continues what was read (it shrank: replaced or rewritten). */
export class AgentFileShrankError extends brandedError('AgentFileShrankError') {
  override name = 'AgentFileShrankError';
}

/** Whether `value` is an AgentFileShrankError, whichever bundle's copy of the class made it. */
export const isAgentFileShrankError = errorGuard<AgentFileShrankError>('AgentFileShrankError');

export class AgentFileTail {
  private offset = 0;
  private known: AgentFileReader | undefined;
  private readonly before: string[] = [];

  constructor(readonly path: string) {}

  /** The file's reader once a line told which agent wrote it. */
  get reader(): AgentFileReader | undefined {
    return this.known;
  }

  /**
   * The marks of the whole lines appended since the last read. `andUnfinished`: the
   * bytes after the last newline are read too, as they stand (a whole-file import).
   * Throws the fs error of an unreadable file, or AgentFileShrankError.
   */
  readAppended(andUnfinished = false): AgentMark[] {
    const marks: AgentMark[] = [];
    const fd = fs.openSync(this.path, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size < this.offset)
        throw new AgentFileShrankError(`${this.path} shrank from ${this.offset} to ${size} bytes`);
      const splitter = new LineSplitter();
      const block = Buffer.allocUnsafe(Math.min(BLOCK_BYTES, Math.max(1, size - this.offset)));
      for (let at = this.offset; at < size;) {
        const n = fs.readSync(fd, block, 0, Math.min(block.length, size - at), at);
        if (n === 0) break;
        splitter.push(block, n, (v) => this.read(v.text, marks));
        at += n;
      }
      const { unterminated, size: read } = splitter.end();
      if (unterminated && andUnfinished) this.read(unterminated.text, marks);
      this.offset += unterminated && !andUnfinished ? unterminated.start : read;
    } finally {
      fs.closeSync(fd);
    }
    return marks;
  }

  private read(text: string, marks: AgentMark[]): void {
    if (this.known === undefined) {
      this.known = readerFor(text);
      if (this.known === undefined) {
        this.before.push(text);
        return;
      }
      for (const earlier of this.before.splice(0)) marks.push(...this.known.readLine(earlier));
    }
    marks.push(...this.known.readLine(text));
  }
}
