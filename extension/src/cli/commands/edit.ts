// `edit <log> --set <n>=<status> | --add <text> | --remove <n> | --from-file <file>`: one user edit of the
// standing plan (1-based item numbers), appended as todo/user-edit. It takes the
// session's lock like any writer: while another process holds it (a running turn, a
// VS Code window) the edit is refused (exit 1) and nothing is written; that process
// is the one to edit it. The list after the edit follows todo_write's rules
// (trim, no empty, no duplicates, the parallel policy).
import { editFromFileCommand } from './edit-from-file';
import { PlanEditor } from '../../core/plan/plan-editor';
import { planAsText } from '../../core/plan/summaries';
import { TODO_STATUSES, type TodoStatus } from '../../core/plan/todo-schema';
import type { PlanEdit } from '../../core/plan/user-edit';
import { SessionFolds } from '../../core/plan/session-folds';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export interface EditFlags {
  set?: string;
  add?: string;
  remove?: string;
  /** A Markdown checklist in `plan --format markdown`'s shape, read as one edit (edit-from-file.ts). */
  fromFile?: string;
  /** true|false; default true (the durable invariant is silent on how many items are in progress). */
  allowParallelInProgress?: string;
}

type ParsedEdit =
  { kind: 'set'; n: number; status: TodoStatus } | { kind: 'add'; text: string } | { kind: 'remove'; n: number };

function itemNumber(text: string, flag: string): number {
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(`${flag} needs an item number from 1 (got ${JSON.stringify(text)})`);
  return Number(text);
}

const ONE_EDIT = 'edit needs exactly one of --set <n>=<status>, --add <text>, --remove <n>, --from-file <file>';

function parseEdit(flags: EditFlags): ParsedEdit {
  const given = (['set', 'add', 'remove', 'fromFile'] as const).filter((k) => flags[k] !== undefined);
  if (given.length !== 1 || flags.fromFile !== undefined) throw new UsageError(ONE_EDIT);
  if (flags.add !== undefined) {
    if (flags.add.trim() === '') throw new UsageError('--add needs the text of the new item (got an empty one)');
    return { kind: 'add', text: flags.add };
  }
  if (flags.remove !== undefined) return { kind: 'remove', n: itemNumber(flags.remove, '--remove') };
  const match = /^([^=]*)=(.*)$/.exec(flags.set ?? '');
  if (!match) throw new UsageError(`--set needs <n>=<status> (got ${JSON.stringify(flags.set)})`);
  const status = match[2]!;
  if (!(TODO_STATUSES as readonly string[]).includes(status))
    throw new UsageError(`--set status must be pending, in_progress or completed (got ${JSON.stringify(status)})`);
  return { kind: 'set', n: itemNumber(match[1]!, '--set'), status: status as TodoStatus };
}

function parsePolicy(text: string | undefined): boolean {
  if (text === undefined || text === 'true') return true;
  if (text === 'false') return false;
  throw new UsageError(`--allow-parallel-in-progress must be true or false (got ${JSON.stringify(text)})`);
}

/** The other edits given beside `--check` (edit-check.ts), which takes none. */
export function editFlagsGiven(values: Readonly<Record<string, unknown>>): string[] {
  return ['set', 'add', 'remove', 'from-file'].filter((k) => values[k] !== undefined).map((k) => `--${k}`);
}

/** `edit <log> --from-file <file>` (edit-from-file.ts), alone. */
export function editFromFile(io: CliIo, logPath: string, flags: EditFlags): Promise<number> {
  const { fromFile, set, add, remove } = flags;
  if (fromFile === undefined || set !== undefined || add !== undefined || remove !== undefined)
    throw new UsageError(ONE_EDIT);
  return editFromFileCommand(io, logPath, fromFile, parsePolicy(flags.allowParallelInProgress));
}

export async function editCommand(io: CliIo, logPath: string, flags: EditFlags): Promise<number> {
  const parsed = parseEdit(flags);
  const allowParallelInProgress = parsePolicy(flags.allowParallelInProgress);
  const opened = openUnlessWritten(io, logPath, 'edit the plan', 'edit it there');
  if (opened === null) return EXIT_FAILED;
  try {
    const session = opened.session;
    const plan = SessionFolds.over(session.events, { transcript: null }).standingPlan ?? [];
    let edit: PlanEdit;
    if (parsed.kind === 'add') edit = { kind: 'add', text: parsed.text };
    else {
      const item = plan[parsed.n - 1];
      if (!item) {
        io.err(`agent-checklist: the plan has no item ${parsed.n} (it has ${plan.length})`);
        return EXIT_FAILED;
      }
      edit =
        parsed.kind === 'set'
          ? { kind: 'status', content: item.content, status: parsed.status }
          : { kind: 'remove', content: item.content };
    }
    const outcome = await new PlanEditor(session, { policy: () => ({ allowParallelInProgress }) }).submit(edit);
    if (outcome.kind === 'refused') {
      io.err(`agent-checklist: ${outcome.message}`);
      return EXIT_FAILED;
    }
    const now = SessionFolds.over(session.events, { transcript: null }).standingPlan ?? [];
    io.out(outcome.kind === 'unchanged' ? `unchanged\n${planAsText(now)}` : planAsText(now));
    return EXIT_OK;
  } finally {
    opened.dispose();
  }
}
