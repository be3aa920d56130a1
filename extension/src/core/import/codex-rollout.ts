// Codex's rollout (`<CODEX_HOME>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`),
// read line by line. `session_meta` names the thread, its folder and Codex's version;
// `event_msg` `task_started` / `task_complete` (or `turn_aborted`) open and close a
// turn; each `response_item` `function_call` named `update_plan` is a plan write, its
// `arguments` the JSON text `{explanation?, plan: [{step, status}]}`. Other lines carry
// no plan and are passed over; lines that are not JSON, or whose shape (or whose
// update_plan arguments) is not the one below, are skipped and counted.
import * as path from 'node:path';
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../plan/todo-schema';
import { parseJson } from '../store/parse-json';
import { fitTodos } from '../plan/fit-todos';
import {
  promptTitle,
  type AgentFileReader,
  type AgentLine,
  type AgentMark,
  type AgentSessionInfo,
  unreadSessionInfo,
} from './agent-plan';
import { firstLine, listFiles } from './agent-session-files';
import { CODEX_PLAN_TOOL_KEY, codexConfigFile } from '../codex-config';
import { CODEX_PLAN_TOOL_OFF_SINCE } from './agents/codex';
import type { JsonlReader } from './followed-agent';

const lineHead = z.object({ type: z.string(), timestamp: z.optional(z.string()) });
const sessionMetaLine = z.object({
  timestamp: z.string(),
  payload: z.object({ id: z.string(), cwd: z.optional(z.string()), cli_version: z.optional(z.string()) }),
});
const eventMsgLine = z.object({ timestamp: z.string(), payload: z.object({ type: z.string() }) });
const responseItemLine = z.object({
  timestamp: z.string(),
  payload: z.object({
    type: z.string(),
    name: z.optional(z.string()),
    arguments: z.optional(z.string()),
    role: z.optional(z.string()),
    content: z.optional(z.unknown()),
  }),
});
const inputTexts = z.array(z.object({ type: z.string(), text: z.optional(z.string()) }));
const updatePlanArguments = z.object({
  explanation: z.optional(z.nullable(z.string())),
  plan: z.array(z.object({ step: z.string(), status: z.enum(TODO_STATUSES) })),
});

const TURN_STARTS: ReadonlySet<string> = new Set(['task_started']);
const TURN_ENDS: ReadonlySet<string> = new Set(['task_complete', 'turn_aborted']);

export class CodexRolloutReader implements AgentFileReader {
  readonly info: AgentSessionInfo = unreadSessionInfo('codex');
  skipped = 0;

  readLine(line: AgentLine | undefined): AgentMark[] {
    const head = lineHead.safeParse(line);
    if (!head.success) return this.skip();
    if (head.data.timestamp !== undefined) this.info.startedAt ??= head.data.timestamp;
    switch (head.data.type) {
      case 'session_meta':
        return this.sessionMeta(line);
      case 'event_msg':
        return this.eventMsg(line);
      case 'response_item':
        return this.responseItem(line);
      default:
        return [];
    }
  }

  private skip(): AgentMark[] {
    this.skipped++;
    return [];
  }

  private sessionMeta(json: unknown): AgentMark[] {
    const parsed = sessionMetaLine.safeParse(json);
    if (!parsed.success) return this.skip();
    const { id, cwd, cli_version } = parsed.data.payload;
    this.info.sessionId ??= id;
    this.info.cwd ??= cwd;
    if (cli_version !== undefined) this.info.version = cli_version; // a resume by a newer build says so
    return [];
  }

  private eventMsg(json: unknown): AgentMark[] {
    const parsed = eventMsgLine.safeParse(json);
    if (!parsed.success) return this.skip();
    const { timestamp, payload } = parsed.data;
    if (TURN_STARTS.has(payload.type)) return [{ kind: 'turn-start', ts: timestamp }];
    if (TURN_ENDS.has(payload.type)) return [{ kind: 'turn-end', ts: timestamp }];
    return [];
  }

  private responseItem(json: unknown): AgentMark[] {
    const parsed = responseItemLine.safeParse(json);
    if (!parsed.success) return this.skip();
    const { timestamp, payload } = parsed.data;
    if (payload.type === 'message' && payload.role === 'user') {
      // The user's words, not the environment block Codex sends as a user message before them.
      const texts = inputTexts.safeParse(payload.content);
      const prompt = texts.success
        ? texts.data.find((t) => t.type === 'input_text' && t.text !== undefined && !t.text.trimStart().startsWith('<'))
            ?.text
        : undefined;
      if (prompt !== undefined) this.info.title ??= promptTitle(prompt);
      return [];
    }
    if (payload.type !== 'function_call' || payload.name !== 'update_plan') return [];
    this.info.planCalls++;
    const args = updatePlanArguments.safeParse(parseJson(payload.arguments ?? ''));
    if (!args.success) return this.skip();
    return [
      {
        kind: 'plan',
        ts: timestamp,
        todos: fitTodos(args.data.plan.map((p) => ({ content: p.step, status: p.status }))).todos,
      },
    ];
  }
}

const isRollout = (file: string): boolean => /^rollout-.*\.jsonl$/.test(path.basename(file));

/** Every rollout under `sessions` (YYYY/MM/DD folders), oldest first. */
function rollouts(sessions: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of listFiles(dir).sort()) {
      const full = path.join(dir, name);
      if (depth < 3) walk(full, depth + 1);
      else if (isRollout(name)) out.push(full);
    }
  };
  walk(sessions, 0);
  return out;
}

const firstMetaLine = z.object({ type: z.literal('session_meta'), payload: z.object({ cwd: z.string() }) });

/** The folder a rollout ran in (its first line's `session_meta.payload.cwd`); undefined before that line is whole. */
function rolloutCwd(file: string): string | undefined {
  const line = firstLine(file, 1 << 20);
  if (line === undefined) return undefined;
  const meta = firstMetaLine.safeParse(parseJson(line));
  return meta.success ? path.resolve(meta.data.payload.cwd) : undefined;
}

/**
 * Where Codex keeps its rollouts (every folder's under `<home>/sessions`, a rollout's first line naming its folder),
 * how a line tells one, and its reader (agents/codex.ts).
 */
export const reading: JsonlReader = {
  files: {
    dirOf: (home) => path.join(home, 'sessions'),
    recursive: true,
    isSessionFile: isRollout,
    list: rollouts,
    folderOf: rolloutCwd,
  },
  recognises: (line) => line.type === 'session_meta' && 'payload' in line,
  reader: () => new CodexRolloutReader(),
  what: 'a Codex rollout',
  importHelp: `a Codex rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, or under $CODEX_HOME)`,
  warning: (info, home) =>
    `warning: no plan: Codex ${info.version ?? ''} offers its model no update_plan: its plan tool is off by ` +
    `default since ${CODEX_PLAN_TOOL_OFF_SINCE}; add [tools.update_plan] with enabled = true ` +
    `(${CODEX_PLAN_TOOL_KEY}) to ${codexConfigFile(home)} for its next sessions`,
};
