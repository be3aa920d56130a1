// Gemini CLI's session (`<gemini home>/tmp/<slug>/chats/session-<time>-<id>.jsonl`),
// read line by line. The first line is the metadata (`sessionId`, `projectHash`,
// `startTime`, no `type`); then messages (`{id, timestamp, type, content}`; a `gemini`
// message carries `model` and, once its calls ran, `toolCalls: [{id, name, args,
// status, timestamp}]`: the same message id is written again as it grows), `{"$set":
// …}` updates (a `$set.messages` replaces the list: a resume's snapshot) and
// `{"$rewindTo": id}` (the list cut back to before that message; an id not in the list
// empties it, as Gemini CLI's own loader does).
//
// A `user` message whose text is a prompt starts a turn (once per message id): Gemini CLI
// also writes its function responses as `user` messages (no text), its set-up context
// (`<session_context>`, `<hook_context>`) and the user's commands (`/…`, `?`), none of
// which is a prompt, as its own resume sees them. Gemini CLI writes no turn end, so a
// turn ends with the next prompt. Each `write_todos` call that succeeded is a plan
// version, counted once per call id however often its message is written again or
// comes back in a resume's snapshot; a rewind that drops calls makes the plan the one
// the last call left standing (empty when none is left). Statuses: `cancelled` items
// are left out of our list (the plan's history shows them dropped), `blocked` ones are
// `pending` (nothing works on them). Lines that are not JSON, or whose shape is not the
// one below, are skipped and counted.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../store/parse-json';
import { fitTodos } from '../plan/fit-todos';
import type { TodoItem } from '../plan/todo-schema';
import {
  promptTitle,
  type AgentFileReader,
  type AgentLine,
  type AgentMark,
  type AgentSessionInfo,
  unreadSessionInfo,
} from './agent-plan';
import { listFiles } from './agent-session-files';
import type { JsonlReader } from './followed-agent';

const metadataLine = z.object({ sessionId: z.string(), projectHash: z.string(), startTime: z.optional(z.string()) });
const toolCall = z.object({
  id: z.string(),
  name: z.string(),
  args: z.optional(z.unknown()),
  status: z.optional(z.string()),
  timestamp: z.optional(z.string()),
});
const messageLine = z.object({
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  content: z.optional(z.unknown()),
  model: z.optional(z.string()),
  toolCalls: z.optional(z.array(toolCall)),
});
const setLine = z.object({ $set: z.object({ messages: z.optional(z.array(z.unknown())) }) });
const rewindLine = z.object({ $rewindTo: z.string() });
const writeTodosArgs = z.object({
  todos: z.array(
    z.object({
      description: z.string(),
      status: z.enum(['pending', 'in_progress', 'completed', 'cancelled', 'blocked']),
    }),
  ),
});
const textParts = z.array(z.object({ text: z.optional(z.string()) }));

type Message = z.infer<typeof messageLine>;

/** Gemini CLI's plan tool. */
export const GEMINI_PLAN_TOOL = 'write_todos';

export class GeminiSessionReader implements AgentFileReader {
  readonly info: AgentSessionInfo = unreadSessionInfo('gemini-cli');
  skipped = 0;
  /** The messages in the list, in order, with the plan each one's calls left (undefined: none). */
  private readonly messages = new Map<string, TodoItem[] | undefined>();
  /** The calls counted, with the plan each one wrote (undefined: it failed or was not understood). */
  private readonly counted = new Map<string, TodoItem[] | undefined>();
  private readonly prompts = new Set<string>();

  readLine(line: AgentLine | undefined): AgentMark[] {
    if (line === undefined) return this.skip();
    if ('$rewindTo' in line) return this.rewind(line);
    if ('$set' in line) return this.set(line);
    if (!('type' in line)) return this.metadata(line);
    const message = messageLine.safeParse(line);
    return message.success ? this.message(message.data) : this.skip();
  }

  private skip(): AgentMark[] {
    this.skipped++;
    return [];
  }

  private metadata(json: object): AgentMark[] {
    const meta = metadataLine.safeParse(json);
    if (!meta.success) return this.skip();
    this.info.sessionId ??= meta.data.sessionId;
    this.info.startedAt ??= meta.data.startTime;
    return [];
  }

  private set(json: object): AgentMark[] {
    const parsed = setLine.safeParse(json);
    if (!parsed.success) return this.skip();
    const { messages } = parsed.data.$set;
    if (messages === undefined) return [];
    // A resume's snapshot: the list as it now stands; calls already counted are not counted again.
    this.messages.clear();
    const marks: AgentMark[] = [];
    for (const raw of messages) {
      const message = messageLine.safeParse(raw);
      if (message.success) marks.push(...this.message(message.data));
    }
    return marks;
  }

  private rewind(json: object): AgentMark[] {
    const parsed = rewindLine.safeParse(json);
    if (!parsed.success) return this.skip();
    const ids = [...this.messages.keys()];
    const found = ids.indexOf(parsed.data.$rewindTo);
    const at = found === -1 ? 0 : found;
    let changed = false;
    for (const id of ids.slice(at)) {
      changed ||= this.messages.get(id) !== undefined;
      this.messages.delete(id);
      this.prompts.delete(id);
    }
    if (!changed) return [];
    const standing = [...this.messages.values()].filter((p) => p !== undefined).at(-1) ?? [];
    return [{ kind: 'plan', ts: '', todos: standing }]; // at the time of the line before it
  }

  private message(message: Message): AgentMark[] {
    this.info.startedAt ??= message.timestamp;
    if (!this.messages.has(message.id)) this.messages.set(message.id, undefined);
    if (message.type === 'user') return this.prompt(message);
    if (message.type !== 'gemini') return [];
    if (message.model !== undefined) this.info.model = message.model;
    const marks: AgentMark[] = [];
    for (const call of message.toolCalls ?? []) {
      if (call.name !== GEMINI_PLAN_TOOL) continue;
      if (this.counted.has(call.id)) {
        const plan = this.counted.get(call.id);
        if (plan !== undefined) this.messages.set(message.id, plan); // the message again, or in a resume's snapshot
        continue;
      }
      if (call.status !== 'success' && call.status !== 'error' && call.status !== 'cancelled') continue; // not run yet
      this.info.planCalls++;
      const args = writeTodosArgs.safeParse(call.args);
      if (call.status === 'success' && !args.success) this.skipped++;
      const plan = call.status === 'success' && args.success ? geminiPlan(args.data.todos) : undefined;
      this.counted.set(call.id, plan);
      if (plan === undefined) continue;
      this.messages.set(message.id, plan);
      marks.push({ kind: 'plan', ts: call.timestamp ?? message.timestamp, todos: plan });
    }
    return marks;
  }

  private prompt(message: Message): AgentMark[] {
    const text = promptText(message.content);
    if (this.prompts.has(message.id) || !isPrompt(text)) return [];
    this.prompts.add(message.id);
    this.info.title ??= promptTitle(text);
    return [{ kind: 'turn-start', ts: message.timestamp }];
  }
}

/** Gemini's list as ours: `cancelled` left out, `blocked` as `pending`. */
function geminiPlan(todos: z.infer<typeof writeTodosArgs>['todos']): TodoItem[] {
  const kept = todos.flatMap((t) =>
    t.status === 'cancelled'
      ? []
      : [{ content: t.description, status: t.status === 'blocked' ? ('pending' as const) : t.status }],
  );
  return fitTodos(kept).todos;
}

/** A user message's text: a string, or the text of its parts (a function response has none). */
function promptText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts = textParts.safeParse(content);
  return parts.success ? parts.data.map((p) => p.text ?? '').join('') : '';
}

/** Whether a user message's text is a prompt: not empty, not a command, not the context Gemini CLI adds. */
function isPrompt(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && !/^(\/|\?|<session_context>|<hook_context>)/.test(trimmed);
}

const projectsFile = z.object({ projects: z.record(z.string(), z.string()) });

/** Where Gemini CLI keeps `folder`'s sessions, or undefined while `projects.json` does not name the folder. */
function chatsDir(home: string, folder: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(home, 'projects.json'), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = projectsFile.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const slug = parsed.data.projects[path.resolve(folder)];
  if (slug === undefined || !/^[A-Za-z0-9._-]+$/.test(slug) || slug.startsWith('.')) return undefined;
  return path.join(home, 'tmp', slug, 'chats');
}

const isSession = (file: string): boolean => /^session-.*\.jsonl$/.test(path.basename(file));

/**
 * Where Gemini CLI keeps a folder's sessions (`<gemini>/tmp/<slug>/chats`, the slug its `projects.json` gives the
 * folder at its first run there), how a line tells one (its metadata: `sessionId`, `projectHash`, no `type`), and its
 * reader (agents/gemini-cli.ts).
 */
export const reading: JsonlReader = {
  files: {
    dirOf: chatsDir,
    recursive: false,
    isSessionFile: isSession,
    list: (dir) =>
      listFiles(dir)
        .filter(isSession)
        .map((name) => path.join(dir, name)),
  },
  recognises: (line) => !('type' in line) && 'sessionId' in line && 'projectHash' in line,
  reader: () => new GeminiSessionReader(),
  what: 'a Gemini CLI session',
  importHelp: `a Gemini CLI session (~/.gemini/tmp/<project>/chats/session-*.jsonl, or under
  $GEMINI_CLI_HOME/.gemini)`,
  warning: (info) =>
    `warning: no plan: Gemini CLI offers write_todos to Gemini 2.x models only, and this ` +
    `session's model is ${info.model ?? 'another'}; give Gemini CLI our todo_write through ` +
    `\`agent-checklist mcp\` (in the editor: Set Up for Another Agent…, Gemini CLI)`,
};
