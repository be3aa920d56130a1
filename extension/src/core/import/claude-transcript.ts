// Claude Code's transcript (`<config>/projects/<folder slug>/<session id>.jsonl`),
// read line by line. A prompt (a `user` line whose content is text, not tool
// results) starts a turn; an `assistant` line that ends with `stop_reason: end_turn`
// ends it. A plan write is a tool call that SUCCEEDED (its `tool_result` is not an
// error), stamped with the time of the assistant line that made it:
//   - `TodoWrite {todos: [{content, status, activeForm}]}`: the whole list;
//   - `TaskCreate {subject, ...}`: a new pending item, numbered by its answer
//     ("Task #N created successfully", or `toolUseResult.task.id`);
//   - `TaskUpdate {taskId, status?, subject?}`: that item changed, `deleted` removes it.
// Task queries (TaskList, TaskGet) write nothing. Lines of other types (attachments,
// API records, ...) carry no plan and are passed over; lines that are not JSON, or
// whose shape is not the one below, are skipped and counted.
import * as path from 'node:path';
import * as z from 'zod/mini';
import { TODO_STATUSES, type TodoItem } from '../plan/todo-schema';
import { fitTodos } from '../plan/fit-todos';
import {
  promptTitle,
  type AgentFileReader,
  type AgentLine,
  type AgentMark,
  type AgentSessionInfo,
  unreadSessionInfo,
} from './agent-plan';
import { listFiles } from './agent-session-files';
import { CLAUDE_TODO_TOOLS_VARIABLE, claudeSettingsFile } from './claude-settings';
import type { JsonlReader } from './followed-agent';

const lineHead = z.object({
  type: z.string(),
  timestamp: z.optional(z.string()),
  isSidechain: z.optional(z.boolean()),
  isMeta: z.optional(z.boolean()),
  isCompactSummary: z.optional(z.boolean()),
});
const sessionFields = {
  sessionId: z.optional(z.string()),
  version: z.optional(z.string()),
  cwd: z.optional(z.string()),
};

const toolUseBlock = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.optional(z.unknown()),
  is_error: z.optional(z.boolean()),
});

const assistantLine = z.object({
  ...sessionFields,
  timestamp: z.string(),
  message: z.object({ content: z.array(z.unknown()), stop_reason: z.optional(z.nullable(z.string())) }),
});
const userLine = z.object({
  ...sessionFields,
  timestamp: z.string(),
  message: z.object({ content: z.union([z.string(), z.array(z.unknown())]) }),
  toolUseResult: z.optional(z.unknown()),
});

const todoWriteInput = z.object({ todos: z.array(z.object({ content: z.string(), status: z.enum(TODO_STATUSES) })) });
const taskCreateInput = z.object({ subject: z.string() });
const taskUpdateInput = z.object({
  taskId: z.string(),
  status: z.optional(z.enum([...TODO_STATUSES, 'deleted'])),
  subject: z.optional(z.string()),
});
const taskCreatedResult = z.object({ task: z.object({ id: z.string() }) });

const PLAN_TOOLS: ReadonlySet<string> = new Set(['TodoWrite', 'TaskCreate', 'TaskUpdate']);
/** Every tool of Claude Code's plan (writes and queries): a call of one says the model was offered them. */
const PLAN_TOOL_NAMES: ReadonlySet<string> = new Set([...PLAN_TOOLS, 'TaskList', 'TaskGet']);

interface PendingCall {
  name: string;
  input: unknown;
  ts: string;
}

export class ClaudeTranscriptReader implements AgentFileReader {
  readonly info: AgentSessionInfo = unreadSessionInfo('claude-code');
  skipped = 0;
  private readonly pending = new Map<string, PendingCall>();
  /** Claude's task list, in creation order (Map keeps it). */
  private readonly tasks = new Map<string, TodoItem>();

  readLine(line: AgentLine | undefined): AgentMark[] {
    const head = lineHead.safeParse(line);
    if (!head.success) return this.skip();
    const { type, timestamp, isSidechain, isMeta, isCompactSummary } = head.data;
    if (timestamp !== undefined) this.info.startedAt ??= timestamp;
    // A subagent's lines (sidechains), Claude Code's own notes (meta) and the summary a
    // compaction writes as a user line are neither the session's plan nor a prompt.
    if (isSidechain === true || isMeta === true || isCompactSummary === true) return [];
    if (type === 'assistant') return this.assistant(line);
    if (type === 'user') return this.user(line);
    return [];
  }

  private skip(): AgentMark[] {
    this.skipped++;
    return [];
  }

  private noteSession(fields: {
    sessionId?: string | undefined;
    version?: string | undefined;
    cwd?: string | undefined;
  }): void {
    this.info.sessionId ??= fields.sessionId;
    if (fields.version !== undefined) this.info.version = fields.version; // a resume by a newer build says so
    this.info.cwd ??= fields.cwd;
  }

  private assistant(line: AgentLine | undefined): AgentMark[] {
    const parsed = assistantLine.safeParse(line);
    if (!parsed.success) return this.skip();
    const { timestamp, message } = parsed.data;
    this.noteSession(parsed.data);
    for (const raw of message.content) {
      const block = toolUseBlock.safeParse(raw);
      if (block.success && PLAN_TOOL_NAMES.has(block.data.name)) this.info.planCalls++;
      if (block.success && PLAN_TOOLS.has(block.data.name))
        this.pending.set(block.data.id, { name: block.data.name, input: block.data.input, ts: timestamp });
    }
    return message.stop_reason === 'end_turn' ? [{ kind: 'turn-end', ts: timestamp }] : [];
  }

  private user(line: AgentLine | undefined): AgentMark[] {
    const parsed = userLine.safeParse(line);
    if (!parsed.success) return this.skip();
    const { timestamp, message, toolUseResult } = parsed.data;
    this.noteSession(parsed.data);
    if (typeof message.content === 'string') {
      // A slash command's own lines (`<command-name>/model</command-name>`, its output) are not what the user asked.
      if (!/^\s*<(command-name|command-message|local-command-[a-z]+)>/.test(message.content))
        this.info.title ??= promptTitle(message.content);
      return [{ kind: 'turn-start', ts: timestamp }];
    }
    const results = message.content.flatMap((raw) => {
      const block = toolResultBlock.safeParse(raw);
      return block.success ? [block.data] : [];
    });
    if (results.length === 0) return [{ kind: 'turn-start', ts: timestamp }];
    const marks: AgentMark[] = [];
    for (const result of results) {
      const call = this.pending.get(result.tool_use_id);
      if (call === undefined) continue;
      this.pending.delete(result.tool_use_id);
      if (result.is_error === true) continue;
      const todos = this.planAfter(call, result.content, toolUseResult);
      if (todos === undefined) this.skipped++;
      else marks.push({ kind: 'plan', ts: call.ts, todos });
    }
    return marks;
  }

  /** The whole list after a successful plan call, or undefined when its input or answer is not the documented one. */
  private planAfter(call: PendingCall, answer: unknown, toolUseResult: unknown): TodoItem[] | undefined {
    switch (call.name) {
      case 'TodoWrite': {
        const input = todoWriteInput.safeParse(call.input);
        return input.success ? fitTodos(input.data.todos).todos : undefined;
      }
      case 'TaskCreate': {
        const input = taskCreateInput.safeParse(call.input);
        const id = createdTaskId(answer, toolUseResult);
        if (!input.success || id === undefined) return undefined;
        this.tasks.set(id, { content: input.data.subject, status: 'pending' });
        return this.taskList();
      }
      case 'TaskUpdate': {
        const input = taskUpdateInput.safeParse(call.input);
        if (!input.success) return undefined;
        const { taskId, status, subject } = input.data;
        const task = this.tasks.get(taskId);
        if (status === 'deleted') this.tasks.delete(taskId);
        else if (task !== undefined)
          this.tasks.set(taskId, { content: subject ?? task.content, status: status ?? task.status });
        return this.taskList();
      }
      default:
        return undefined;
    }
  }

  private taskList(): TodoItem[] {
    return fitTodos([...this.tasks.values()]).todos;
  }
}

/** The new task's id: `toolUseResult.task.id`, else the number in "Task #N created successfully". */
function createdTaskId(answer: unknown, toolUseResult: unknown): string | undefined {
  const result = taskCreatedResult.safeParse(toolUseResult);
  if (result.success) return result.data.task.id;
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer ?? '');
  return /Task #(\d+) created successfully/.exec(text)?.[1];
}

/**
 * Where Claude Code keeps a folder's transcripts (`<config>/projects/<slug>`, the slug the folder's path with every
 * character that is not a letter or digit as '-'), how a line tells one, and its reader (agents/claude-code.ts).
 */
export const reading: JsonlReader = {
  files: {
    dirOf: (home, folder) => path.join(home, 'projects', path.resolve(folder).replace(/[^A-Za-z0-9]/g, '-')),
    recursive: false,
    isSessionFile: (name) => name.endsWith('.jsonl'),
    list: (dir) =>
      listFiles(dir)
        .filter((name) => name.endsWith('.jsonl'))
        .map((name) => path.join(dir, name)),
  },
  recognises: (line) => 'type' in line && typeof line.sessionId === 'string',
  reader: () => new ClaudeTranscriptReader(),
  what: 'a Claude Code transcript',
  importHelp: `a Claude Code transcript (~/.claude/projects/<folder>/<session>.jsonl, or under
  $CLAUDE_CONFIG_DIR)`,
  warning: (info, home) =>
    `warning: no plan: Claude Code ${info.version ?? ''} offers its model no task ` +
    `list (TodoWrite, TaskCreate) unless ${CLAUDE_TODO_TOOLS_VARIABLE}=1; add "env": ` +
    `{"${CLAUDE_TODO_TOOLS_VARIABLE}": "1"} to ${claudeSettingsFile(home)} for its next sessions`,
};
