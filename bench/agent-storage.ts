// Each followed agent's own storage, as the agents bench writes it: where the agent
// keeps a session of a folder, a session of about N bytes (a prompt, then large text
// answers), and one plan write made as the agent makes it. Lines are shaped as the
// real agents write them (test/fixtures/agent-files; Gemini CLI's as 0.61.0 wrote
// them in test/unit/import/real-gemini.test.ts). A new followed agent is one more
// entry of FOLLOWED_STORAGES (opencode, bench/opencode-storage.ts: its write is a
// `part` row in its SQLite database, so `write` is that insert, not an append, and its
// follower is the database's, not one file's).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FollowedAgentFile } from '../extension/src/core/import/followed-agent-file';
import { claudeCode as claudeCodeAgent } from '../extension/src/core/import/agents/claude-code';
import { opencode } from './opencode-storage';

/** Each followed agent's home by its id (core/import/followed-agents.ts `agentHomes`). */
export type AgentHomes = Record<string, string>;

/** Claude Code's project folder for `folder` (its descriptor's rule). */
function claudeProjectDir(homes: AgentHomes, folder: string): string {
  if (claudeCodeAgent.reading.kind !== 'jsonl') throw new Error('Claude Code keeps JSONL files');
  return claudeCodeAgent.reading.load().files.dirOf(homes['claude-code']!, folder)!;
}

export type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed' };

export interface AgentStorage {
  agent: string;
  title: string;
  /** Makes the agent's session of `folder` with about `bytes` of answers; its file. */
  create(homes: AgentHomes, folder: string, bytes: number): string;
  /** Plan write `n` (the whole list `todos`) made in the agent's session `file`, as the agent makes it. */
  write(file: string, n: number, todos: readonly Todo[], folder: string): void;
  /** Ends what `write` keeps open for `file` (opencode's writer); nothing for an append. */
  release?(file: string): void;
  /** Our follower of the session `file` (the worker's code): update() reads what was written, returns the plan versions. */
  follower?(file: string, folder: string, sessionDir: string): SessionFollower;
}

export interface SessionFollower {
  update(): number;
  dispose(): void;
}

/** The storage's follower: an appended session file's (FollowedAgentFile) unless it has its own. */
export function followerOf(storage: AgentStorage, file: string, folder: string, sessionDir: string): SessionFollower {
  return storage.follower?.(file, folder, sessionDir) ?? new FollowedAgentFile(file, sessionDir);
}

const SESSION = '0b0e7e57-0000-4000-8000-000000000001';
const ANSWER = 'x'.repeat(8 * 1024);
const jsonl = (...lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');
const at = () => new Date().toISOString();

/** `head` then `filler` written until the file holds about `bytes`. */
function fill(file: string, head: string, filler: () => string, bytes: number): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    const line = filler();
    for (let written = head.length; written < bytes; written += line.length) fs.writeSync(fd, line);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

const claudeLine = (cwd: string, fields: Record<string, unknown>) => ({
  isSidechain: false,
  userType: 'external',
  cwd,
  sessionId: SESSION,
  version: '2.1.328',
  timestamp: at(),
  ...fields,
});

const claudeCode: AgentStorage = {
  agent: 'claude-code',
  title: 'Claude Code',
  create: (homes, folder, bytes) =>
    fill(
      path.join(claudeProjectDir(homes, folder), `${SESSION}.jsonl`),
      jsonl(claudeLine(folder, { type: 'user', uuid: 'u-0', message: { role: 'user', content: 'work' } })),
      () =>
        jsonl(
          claudeLine(folder, {
            type: 'assistant',
            uuid: 'a-text',
            message: { role: 'assistant', content: [{ type: 'text', text: ANSWER }], stop_reason: null },
          }),
        ),
      bytes,
    ),
  // TodoWrite: the assistant's call, then the user line with its result.
  write: (file, n, todos, folder) => {
    const input = { todos: todos.map((t) => ({ ...t, activeForm: `Doing: ${t.content}` })) };
    const call = { type: 'tool_use', id: `toolu_${n}`, name: 'TodoWrite', input };
    const result = {
      tool_use_id: `toolu_${n}`,
      type: 'tool_result',
      content: 'Todos have been modified successfully.',
    };
    fs.appendFileSync(
      file,
      jsonl(
        claudeLine(folder, {
          type: 'assistant',
          uuid: `a-${n}`,
          message: { role: 'assistant', content: [call], stop_reason: 'tool_use' },
        }),
        claudeLine(folder, {
          type: 'user',
          uuid: `u-${n}`,
          message: { role: 'user', content: [result] },
          toolUseResult: { oldTodos: [], newTodos: input.todos },
        }),
      ),
    );
  },
};

const codex: AgentStorage = {
  agent: 'codex',
  title: 'Codex',
  create: (homes, folder, bytes) =>
    fill(
      path.join(homes.codex!, 'sessions', '2026', '12', '04', `rollout-2026-12-04T00-00-00-${SESSION}.jsonl`),
      jsonl(
        { timestamp: at(), type: 'session_meta', payload: { id: SESSION, cwd: folder, cli_version: '0.169.0' } },
        { timestamp: at(), type: 'event_msg', payload: { type: 'task_started' } },
      ),
      () =>
        jsonl({
          timestamp: at(),
          type: 'response_item',
          payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: ANSWER }] },
        }),
      bytes,
    ),
  // update_plan: the function call line (its arguments a JSON text), then its output.
  write: (file, n, todos) =>
    fs.appendFileSync(
      file,
      jsonl(
        {
          timestamp: at(),
          type: 'response_item',
          payload: {
            type: 'function_call',
            status: 'completed',
            id: `fc_${n}`,
            name: 'update_plan',
            arguments: JSON.stringify({ plan: todos.map((t) => ({ step: t.content, status: t.status })) }),
            call_id: `call_${n}`,
          },
        },
        {
          timestamp: at(),
          type: 'response_item',
          payload: { type: 'function_call_output', call_id: `call_${n}`, output: 'Plan updated' },
        },
      ),
    ),
};

/** Gemini CLI's chats folder for `folder`, registered in projects.json as Gemini CLI does. */
function geminiChats(homes: AgentHomes, folder: string): string {
  const gemini = homes['gemini-cli']!;
  fs.mkdirSync(gemini, { recursive: true });
  fs.writeFileSync(path.join(gemini, 'projects.json'), JSON.stringify({ projects: { [folder]: 'work' } }));
  return path.join(gemini, 'tmp', 'work', 'chats');
}

const geminiCli: AgentStorage = {
  agent: 'gemini-cli',
  title: 'Gemini CLI',
  create: (homes, folder, bytes) =>
    fill(
      path.join(geminiChats(homes, folder), `session-2026-12-04T00-00-${SESSION.slice(0, 8)}.jsonl`),
      jsonl(
        { sessionId: SESSION, projectHash: 'bench', startTime: at(), lastUpdated: at(), kind: 'main' },
        { id: 'u-0', timestamp: at(), type: 'user', content: [{ text: 'work' }] },
      ),
      () => jsonl({ id: 'g-text', timestamp: at(), type: 'gemini', content: ANSWER, model: 'gemini-2.5-pro' }),
      bytes,
    ),
  // write_todos: the model's message, written again with its call once it ran, then the function response.
  write: (file, n, todos) => {
    const message = { id: `g-${n}`, timestamp: at(), type: 'gemini', content: '', model: 'gemini-2.5-pro' };
    const args = { todos: todos.map((t) => ({ description: t.content, status: t.status })) };
    const call = { id: `write_todos_${n}`, name: 'write_todos', args, status: 'success', timestamp: at() };
    const response = { functionResponse: { id: call.id, name: 'write_todos', response: { output: 'Updated.' } } };
    fs.appendFileSync(file, jsonl(message));
    fs.appendFileSync(
      file,
      jsonl({ ...message, toolCalls: [call] }, { id: `r-${n}`, timestamp: at(), type: 'user', content: [response] }),
    );
  },
};

/** The agents followed today, each with its own storage. */
export const FOLLOWED_STORAGES: readonly AgentStorage[] = [claudeCode, codex, geminiCli, opencode];
