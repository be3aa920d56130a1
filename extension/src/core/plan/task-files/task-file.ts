// A task file (spec-kit's or Kiro's tasks.md) as its lines: each task line split into
// the bytes around its checkbox character and its words, every other line kept as
// text. Writing back (writeTaskFile) starts from those lines, so ticking an item
// changes its checkbox character and nothing else, byte for byte; an item the plan no
// longer has loses its line, a new one is a line after the last task.
import type { TaskFileFormat, TaskMeta } from '../../session/task-meta';
import type { TodoItem, TodoStatus } from '../todo-schema';
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

/** The file with `plan` written into it: only the lines whose item changed, came or went differ. */
export function writeTaskFile(file: TaskFile, syntax: TaskSyntax, plan: readonly TodoItem[]): string {
  const wanted = new Map(plan.map((t) => [t.content, t]));
  const byLine = new Map(file.tasks.map((t) => [t.line, t]));
  const kept = new Set<string>();
  const out: string[] = [];
  let lastTask: TaskLine | undefined;
  let lastAt = -1;
  file.lines.forEach((line, i) => {
    const task = byLine.get(i);
    if (task === undefined) return void out.push(line);
    const item = wanted.get(task.text.trim());
    if (item === undefined || kept.has(item.content)) return;
    kept.add(item.content);
    out.push(`${task.before}${syntax.boxOf(item.status, task.box)}${task.after}${task.text}${task.tail}`);
    lastTask = task;
    lastAt = out.length;
  });
  const added = plan.filter((t) => !kept.has(t.content));
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

const emptyTask: TaskLine = { line: -1, before: '- [', box: ' ', after: '] ', text: '', tail: '', meta: {} };

function idOf(line: string): string | undefined {
  return /^\s*- \[.\]\*? (\S+?)\.? /.exec(line)?.[1];
}

/** Where lines go in a file with no task: before its trailing empty line. */
function endOfText(lines: readonly string[]): number {
  return lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}
