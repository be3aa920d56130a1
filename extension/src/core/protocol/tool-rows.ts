// What a transcript row shows for a tool call, read from the call's raw argument
// text and its logged result. Shared by the webview and the host's tests, so it uses
// `zod/mini` and nothing of the plan or tools domains (those pull full zod in).
//
// The todo_write row follows docs/todo-write-contract.md ("Summaries the UIs show"):
// `<done>/<total> done · <first in_progress content>` and, when more than one item is
// in progress, a separate `+<n>`. Arguments that do not parse as a list give null:
// the generic row. The English text equals core/plan/summaries.callRowSummary (a
// unit test pins the two together).
import * as z from 'zod/mini';
import { format, WEBVIEW_STRINGS } from './strings';

/** Parses raw argument text; undefined when it is not JSON. */
export function parseArgumentText(raw: string): unknown {
  try {
    const value: unknown = JSON.parse(raw);
    return value;
  } catch {
    return undefined;
  }
}

const todoStatus = z.enum(['pending', 'in_progress', 'completed']);
/** As core/plan/todo-schema's todoWriteArgsSchema: closed items, other top-level keys ignored. */
const todoArgs = z.object({ todos: z.array(z.strictObject({ content: z.string(), status: todoStatus })) });

export interface TodoCallRow {
  done: number;
  total: number;
  /** The first in_progress item's content (trimmed); null when none is in progress. */
  firstActive: string | null;
  /** How many other items are in progress (the `+<n>`). */
  moreActive: number;
}

export function todoCallRow(rawArguments: string): TodoCallRow | null {
  const parsed = todoArgs.safeParse(parseArgumentText(rawArguments));
  if (!parsed.success) return null;
  const todos = parsed.data.todos;
  const active = todos.filter((t) => t.status === 'in_progress');
  return {
    done: todos.filter((t) => t.status === 'completed').length,
    total: todos.length,
    firstActive: active[0]?.content.trim() ?? null,
    moreActive: Math.max(0, active.length - 1),
  };
}

/** `2/4 done · Write the tests`, with a localized `{0}/{1} done` template. */
export function todoCallRowText(row: TodoCallRow, template: string = WEBVIEW_STRINGS.todoRow): string {
  const head = format(template, row.done, row.total);
  return row.firstActive === null ? head : `${head} · ${row.firstActive}`;
}

/** `+<n>` for the other in-progress items; null when there are none. */
export function todoCallRowMore(row: TodoCallRow): string | null {
  return row.moreActive > 0 ? `+${row.moreActive}` : null;
}

export interface CountTemplates {
  completed: string;
  inProgress: string;
  pending: string;
}

const ENGLISH_COUNTS: CountTemplates = {
  completed: WEBVIEW_STRINGS.countCompleted,
  inProgress: WEBVIEW_STRINGS.countInProgress,
  pending: WEBVIEW_STRINGS.countPending,
};

/** `1 completed · 2 in progress · 1 pending`, zero segments omitted (equals summaries.stripHeader in English). */
export function planCountsText(todos: readonly { status: 'pending' | 'in_progress' | 'completed' }[], templates: CountTemplates = ENGLISH_COUNTS): string {
  let completed = 0;
  let inProgress = 0;
  let pending = 0;
  for (const t of todos) {
    if (t.status === 'completed') completed++;
    else if (t.status === 'in_progress') inProgress++;
    else pending++;
  }
  const parts: string[] = [];
  if (completed) parts.push(format(templates.completed, completed));
  if (inProgress) parts.push(format(templates.inProgress, inProgress));
  if (pending) parts.push(format(templates.pending, pending));
  return parts.join(' · ');
}

/** A bash result as core/tools/bash-tool writes it: output, then ONE status line. */
export { parseBashResult as bashResultRow, type BashResultView as BashResultRow } from '../tools/bash-result';

const bashArgs = z.object({ command: z.string() });
const pathArgs = z.object({ path: z.string() });
const grepArgs = z.object({ pattern: z.string() });
const subagentArgs = z.object({ description: z.string() });
const editArgs = z.object({ path: z.string(), old_string: z.string(), new_string: z.string() });
const writeArgs = z.object({ path: z.string(), content: z.string() });

export function bashCommand(rawArguments: string): string | null {
  const parsed = bashArgs.safeParse(parseArgumentText(rawArguments));
  return parsed.success ? parsed.data.command : null;
}

/** One short line naming what the call acts on (command, path, pattern…); '' when nothing fits. */
export function argumentSummary(name: string, rawArguments: string, max = 80): string {
  const args = parseArgumentText(rawArguments);
  let text = '';
  if (name === 'bash') text = bashArgs.safeParse(args).data?.command ?? '';
  else if (name === 'grep') text = grepArgs.safeParse(args).data?.pattern ?? '';
  else if (name === 'subagent') text = subagentArgs.safeParse(args).data?.description ?? '';
  else text = pathArgs.safeParse(args).data?.path ?? '';
  const line = text.split('\n', 1)[0] ?? '';
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut !== text && cut === line ? `${cut} …` : cut;
}

export interface DiffLine {
  kind: 'del' | 'add';
  text: string;
}

/** The lines an edit_file / write_file call removes and adds; null for other calls or bad arguments. */
export function fileChange(name: string, rawArguments: string): { path: string; lines: DiffLine[] } | null {
  const args = parseArgumentText(rawArguments);
  const lines = (kind: DiffLine['kind'], text: string): DiffLine[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n').map((t) => ({ kind, text: t })));
  if (name === 'edit_file') {
    const parsed = editArgs.safeParse(args);
    return parsed.success ? { path: parsed.data.path, lines: [...lines('del', parsed.data.old_string), ...lines('add', parsed.data.new_string)] } : null;
  }
  if (name === 'write_file') {
    const parsed = writeArgs.safeParse(args);
    return parsed.success ? { path: parsed.data.path, lines: lines('add', parsed.data.content) } : null;
  }
  return null;
}
