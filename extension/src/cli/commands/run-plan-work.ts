// The plan drives a run (core/plan/plan-work.ts): `run --session <id> --item <n>`
// starts item n (1-based) — one user edit puts it in progress (with parallel work off,
// the item in progress before goes back to pending), and the turn's prompt names it
// and carries the plan; an item that does not exist exits 2 with nothing appended.
// `run --from <log.jsonl>`: the new session's log begins with that log's standing plan
// as one user edit naming its session (`origin: { kind: 'hand-over', session }`), so
// the first request carries every item and its status (our agent: the user-edit note;
// an ACP agent: the note before its first prompt). The source may be any of our logs,
// a followed agent's imported session among them.
import type { TodoItem } from '../../core/plan/todo-schema';
import { PlanEditor } from '../../core/plan/plan-editor';
import { handOverList, noSuchItemNumber, startItemList, startItemPrompt } from '../../core/plan/plan-work';
import type { TodoWritePolicy } from '../../core/plan/todo-write-rules';
import { SessionFolds } from '../../core/plan/session-folds';
import type { Session } from '../../core/session/session';
import { visibleControls } from '../../core/terminal-text';
import type { CliIo } from '../io';
import { readAndRecordLog } from '../read-log';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from '../usage';

export interface HandOverSource {
  session: string;
  todos: readonly TodoItem[];
}

/** `--from`'s log: its session id and its standing plan as the target's rules take it; null after saying why not. */
export function readHandOverSource(io: CliIo, from: string, policy: TodoWritePolicy): HandOverSource | null {
  const read = readAndRecordLog(io, from, () => undefined);
  if (read === null) return null;
  const plan = read.plan?.map((t): TodoItem => ({ content: t.content, status: t.status })) ?? null;
  const list = handOverList(plan, policy);
  if (!list.ok) {
    io.err(`agent-checklist: cannot hand on the plan of session ${read.log.header.id}: ${list.message}`);
    return null;
  }
  return { session: read.log.header.id, todos: list.todos };
}

/** The hand-over as the new log's first plan version. */
export function seedHandOver(session: Session, source: HandOverSource): void {
  session.append('todo/user-edit', {
    todos: [...source.todos],
    origin: { kind: 'hand-over', session: source.session },
  });
}

/**
 * `--item <n>`: item n made in progress by one user edit; the turn's prompt (the
 * user's words, if any, after it), or the exit code after saying why not.
 */
export async function startItem(
  io: CliIo,
  session: Session,
  item: string,
  words: string,
  policy: TodoWritePolicy,
): Promise<{ prompt: string } | { exit: number }> {
  if (!/^[1-9]\d*$/.test(item))
    throw new UsageError(`--item needs an item number from 1 (got ${JSON.stringify(item)})`);
  const index = Number(item) - 1;
  const missing = noSuchItemNumber(SessionFolds.over(session.events, { transcript: null }).standingPlan, index + 1);
  if (missing !== null) {
    io.err(`agent-checklist: ${missing}`);
    return { exit: EXIT_USAGE };
  }
  const editor = new PlanEditor(session, { policy: () => policy });
  const outcome = await editor.submitList((plan, rules) => startItemList(plan ?? [], index, rules));
  if (outcome.kind === 'refused') {
    io.err(`agent-checklist: ${visibleControls(outcome.message, { keepLayout: false })}`);
    return { exit: EXIT_FAILED };
  }
  const plan = SessionFolds.over(session.events, { transcript: null }).standingPlan ?? [];
  const prompt = startItemPrompt(plan, index);
  return { prompt: words.trim() === '' ? prompt : `${prompt}\n\n${words.trim()}` };
}
