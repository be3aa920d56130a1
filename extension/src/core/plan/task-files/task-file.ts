// A task file (spec-kit's or Kiro's tasks.md) as its lines: each task line split into
// the bytes around its checkbox character and its words, every other line kept as
// text. Writing back (writeTaskFile) starts from those lines, so ticking an item
// changes its checkbox character and nothing else, byte for byte; a reworded item keeps
// its id, a moved one takes its detail lines along; an item the plan no longer has loses
// its line, a new one is a line after the last task.
import type { TaskFileFormat, TaskMeta } from '../../session/task-meta';
import type { TodoItem, TodoStatus } from '../todo-schema';
import { matchItems } from '../item-identity';
import { oneLine } from '../one-line';

export interface TaskLine {
  /** 0-based line number in the file. */
  line: number;
  /** The bytes before the checkbox character (indent, bullet, `[`). */
  before: string;
  box: string;
  /** From `]` to the words: optional marker, id, labels. */
  after: string;
  /** The task's words: the item's content. */
  text: string;
  /** After the words: a dependency note, a `\r`. */
  tail: string;
  meta: TaskMeta;
}

export interface TaskFile {
  format: Exclude<TaskFileFormat, 'markdown'>;
  /** The file split at `\n`; a `\r` stays on its line. */
  lines: string[];
  tasks: TaskLine[];
}

export interface TaskSyntax {
  /** The status a checkbox character reads as (null: not a task line of this format). */
  statusOf(box: string): TodoStatus | null;
  /** The checkbox character a status is written as, given the one the line had. */
  boxOf(status: TodoStatus, was: string): string;
  /** A line for an item the file did not have, after `last` (the file's last task). */
  newLine(content: string, status: TodoStatus, last: TaskLine | undefined): string;
}

/** The file's tasks as the plan's items (a pending box stays in progress when `plan` has the item in progress). */
export function taskItems(file: TaskFile, syntax: TaskSyntax, plan: readonly TodoItem[] | null): TodoItem[] {
  const inProgress = new Set((plan ?? []).filter((t) => t.status === 'in_progress').map((t) => t.content));
  return file.tasks.map((task) => {
    const content = task.text.trim();
    const status = syntax.statusOf(task.box) ?? 'pending';
    return { content, status: status === 'pending' && inProgress.has(content) ? 'in_progress' : status };
  });
}

/**
 * The file with `plan` written into it: only the lines whose item changed, came, went or
 * moved differ. Each plan item is matched to its task (plan/item-identity.ts: the same
 * words, else the most alike, else the same place), so a reworded item keeps its line's
 * id and markers. The matched tasks keep their places in the file and take them in the
 * plan's order: a moved item's line goes with its detail lines (the deeper-indented
 * non-task lines under it). A task with no item loses its line; a new item is a line
 * after the last one written.
 */
export function writeTaskFile(file: TaskFile, syntax: TaskSyntax, plan: readonly TodoItem[]): string {
  const match = matchItems(
    file.tasks.map((t) => t.text.trim()),
    plan.map((t) => t.content),
  );
  const kept = plan.flatMap((item, i) => (match[i] === undefined ? [] : [{ item, task: file.tasks[match[i]]! }]));
  const slots = new Map([...kept].sort((a, b) => a.task.line - b.task.line).map((k, j) => [k.task.line, kept[j]!]));
  const gone = new Set(file.tasks.filter((t) => !slots.has(t.line)).map((t) => t.line));
  const taskLines = new Set(file.tasks.map((t) => t.line));
  const detailEnd = (at: number): number => detailEndOf(file.lines, taskLines, at);
  const out: string[] = [];
  let lastAt = -1;
  for (let i = 0; i < file.lines.length; i++) {
    const slot = slots.get(i);
    if (slot === undefined) {
      if (!gone.has(i)) out.push(file.lines[i]!);
      continue;
    }
    const { item, task } = slot;
    const text = task.text.trim() === item.content ? task.text : oneLine(item.content);
    out.push(`${task.before}${syntax.boxOf(item.status, task.box)}${task.after}${text}${task.tail}`);
    out.push(...file.lines.slice(task.line + 1, detailEnd(task.line)));
    i = detailEnd(i) - 1;
    lastAt = out.length;
  }
  const added = plan.filter((_t, i) => match[i] === undefined);
  const lastTask = file.tasks.filter((t) => slots.has(t.line)).at(-1);
  const cr = lastTask?.tail.endsWith('\r') ? '\r' : '';
  let previous = lastTask;
  const lines = added.map((t) => {
    const line = syntax.newLine(oneLine(t.content), t.status, previous);
    const taskId = idOf(line);
    previous = { ...(previous ?? emptyTask), meta: taskId === undefined ? {} : { taskId } };
    return line + cr;
  });
  out.splice(lastAt < 0 ? endOfText(out) : lastAt, 0, ...lines);
  return out.join('\n');
}

/** The end (exclusive) of task line `at`'s detail: the non-blank, non-task lines under it indented deeper. */
function detailEndOf(lines: readonly string[], tasks: ReadonlySet<number>, at: number): number {
  const indent = (line: string): number => /^\s*/.exec(line)![0].length;
  const own = indent(lines[at]!);
  let end = at + 1;
  while (end < lines.length) {
    const line = lines[end]!;
    if (tasks.has(end) || line.trim() === '' || indent(line) <= own) break;
    end++;
  }
  return end;
}

const emptyTask: TaskLine = { line: -1, before: '- [', box: ' ', after: '] ', text: '', tail: '', meta: {} };

function idOf(line: string): string | undefined {
  return /^\s*- \[.\]\*? (\S+?)\.? /.exec(line)?.[1];
}

/** Where lines go in a file with no task: before its trailing empty line. */
function endOfText(lines: readonly string[]): number {
  return lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}
