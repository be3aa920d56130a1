// What a reader of another agent's session file yields: the agent's turns and each
// plan write, in file order, stamped with the agent's own timestamps. Readers are
// pure and incremental (one line in, the marks it makes out; state kept between
// lines), so the CLI's import and a follower of a growing file share them.
import type { TodoItem } from '../plan/todo-schema';

export type AgentMark =
  | { kind: 'turn-start'; ts: string }
  | { kind: 'turn-end'; ts: string }
  /** One plan write in the source: the whole list after it. */
  | { kind: 'plan'; ts: string; todos: TodoItem[] };

/** What the file says about its session (filled in as the lines that carry it are read). */
export interface AgentSessionInfo {
  /** The agent's id (its descriptor's, followed-agents.ts). */
  agent: string;
  /** The agent's own session (or thread) id. */
  sessionId: string | undefined;
  version: string | undefined;
  cwd: string | undefined;
  /** The first timestamp in the file. */
  startedAt: string | undefined;
  /** The session's first prompt (its first line, at most 80 characters): our log's title. */
  title: string | undefined;
  /** Calls of the agent's plan tools seen, queries and failed calls included: the model was offered them. */
  planCalls: number;
  /** The model of the agent's latest answer, when its file says. */
  model?: string | undefined;
}

/** What a reader knows of its session before it has read a line. */
export function unreadSessionInfo(agent: string): AgentSessionInfo {
  return {
    agent,
    sessionId: undefined,
    version: undefined,
    cwd: undefined,
    startedAt: undefined,
    title: undefined,
    planCalls: 0,
  };
}

/** A prompt as a session title: its first non-empty line, cut at 80 characters; undefined when it has none. */
export function promptTitle(prompt: string): string | undefined {
  const line = prompt
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  return line === undefined ? undefined : line.slice(0, 80);
}

/** One line of an agent's file: a JSON object (store/jsonl-tail.ts reads and checks it). */
export type AgentLine = Record<string, unknown>;

export interface AgentFileReader {
  readonly info: AgentSessionInfo;
  /** Lines that were not JSON objects or that this reader does not understand (skipped, never fatal). */
  readonly skipped: number;
  /** One line of the file (undefined: not a JSON object, skipped and counted): the marks it makes, in order. */
  readLine(line: AgentLine | undefined): AgentMark[];
}

/** A whole file (or database session) read: what it says of its session, and its marks. */
export interface AgentFile {
  info: AgentSessionInfo;
  marks: AgentMark[];
  /** Lines skipped as not understood. */
  skipped: number;
}

/** One of our logs written from an agent's session. */
export interface ImportResult {
  path: string;
  file: AgentFile;
  /** Plan versions written (one per plan write in the file). */
  versions: number;
}
