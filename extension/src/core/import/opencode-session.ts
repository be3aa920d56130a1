// One opencode session read from its rows (opencode-db.ts): the session row names it
// (`id`, `directory`, `version`, `time_created`), and its parts, in id order (opencode's
// ids ascend with time), make the marks. The text of a user message starts a turn (once
// per message; opencode writes no turn end, so a turn ends with the next prompt). A
// `todowrite` tool part (`{"type":"tool","tool":"todowrite","state":{"status",
// "input":{"todos":[{content, status, priority}]}}}`) that `completed` is a plan
// version; one that ended in `error` was a call of the plan tool but wrote no plan; one
// still `pending` or `running` is waited for (the read stops before it, and the next
// read takes it again). Statuses: `pending`, `in_progress`, `completed` are ours;
// `cancelled` items are left out of our list (the plan's history shows them dropped);
// `priority` has no place in our plan and is not kept. Parts whose shape is not this
// are skipped and counted. Also the database reader's error (opencode-db.ts throws it).
import * as z from 'zod/mini';
import { brandedError, errorGuard } from '../error-brand';
import { fitTodos } from '../plan/fit-todos';
import type { TodoItem } from '../plan/todo-schema';
import { parseJson } from '../store/parse-json';
import { promptTitle, type AgentMark, type AgentSessionInfo } from './agent-plan';

/** The database changed under every try of a read until its deadline, or cannot be read. */
export class OpencodeDbError extends brandedError('OpencodeDbError') {
  override name = 'OpencodeDbError';
}

/** Whether `value` is an OpencodeDbError, whichever bundle's copy of the class made it. */
export const isOpencodeDbError = errorGuard<OpencodeDbError>('OpencodeDbError');

export const opencodeSessionRow = z.object({
  id: z.string(),
  directory: z.string(),
  title: z.string(),
  version: z.string(),
  time_created: z.number(),
});
export type OpencodeSessionRow = z.infer<typeof opencodeSessionRow>;

/** A part that may make a mark: a todowrite call, or the text of a user message (`role`). */
export const opencodePartRow = z.object({
  id: z.string(),
  message_id: z.string(),
  time_created: z.number(),
  role: z.nullable(z.string()),
  data: z.string(),
});
export type OpencodePartRow = z.infer<typeof opencodePartRow>;

/** opencode's plan tool. */
const OPENCODE_PLAN_TOOL = 'todowrite';

const todowritePart = z.object({
  type: z.literal('tool'),
  tool: z.literal(OPENCODE_PLAN_TOOL),
  state: z.object({ status: z.string(), input: z.optional(z.unknown()) }),
});
const todowriteInput = z.object({
  todos: z.array(
    z.object({ content: z.string(), status: z.enum(['pending', 'in_progress', 'completed', 'cancelled']) }),
  ),
});
const textPart = z.object({ type: z.literal('text'), text: z.string(), synthetic: z.optional(z.boolean()) });

export class OpencodeSessionReader {
  readonly info: AgentSessionInfo;
  skipped = 0;
  /** The last part read: the next read starts after it. */
  cursor = '';
  private readonly prompts = new Set<string>();

  constructor(session: OpencodeSessionRow) {
    this.info = {
      agent: 'opencode',
      sessionId: session.id,
      version: session.version,
      cwd: session.directory,
      startedAt: new Date(session.time_created).toISOString(),
      title: undefined,
      planCalls: 0,
    };
  }

  /**
   * The marks of `parts` (the rows after the cursor, in order), moving the cursor past
   * each one read. `andUnfinished`: a plan call still running is passed over (a
   * whole-database import) instead of waited for.
   */
  read(parts: readonly OpencodePartRow[], andUnfinished = false): AgentMark[] {
    const marks: AgentMark[] = [];
    for (const part of parts) {
      const made = this.part(part);
      if (made === 'wait' && !andUnfinished) break;
      if (made !== 'wait') marks.push(...made);
      this.cursor = part.id;
    }
    return marks;
  }

  private part(row: OpencodePartRow): AgentMark[] | 'wait' {
    const ts = new Date(row.time_created).toISOString();
    const json = parseJson(row.data);
    const text = textPart.safeParse(json);
    if (text.success)
      return row.role === 'user' && !text.data.synthetic ? this.prompt(row.message_id, ts, text.data.text) : [];
    const call = todowritePart.safeParse(json);
    if (!call.success) {
      this.skipped++;
      return [];
    }
    const { status, input } = call.data.state;
    if (status === 'pending' || status === 'running') return 'wait';
    this.info.planCalls++;
    if (status !== 'completed') return [];
    const args = todowriteInput.safeParse(input);
    if (!args.success) {
      this.skipped++;
      return [];
    }
    return [{ kind: 'plan', ts, todos: opencodePlan(args.data.todos) }];
  }

  private prompt(messageId: string, ts: string, text: string): AgentMark[] {
    if (this.prompts.has(messageId)) return [];
    this.prompts.add(messageId);
    this.info.title ??= promptTitle(text);
    return [{ kind: 'turn-start', ts }];
  }
}

/** opencode's list as ours: `cancelled` items left out. */
function opencodePlan(todos: z.infer<typeof todowriteInput>['todos']): TodoItem[] {
  const kept = todos.flatMap((t) => (t.status === 'cancelled' ? [] : [{ content: t.content, status: t.status }]));
  return fitTodos(kept).todos;
}
