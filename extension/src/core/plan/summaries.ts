// The plan's short forms, ONE implementation each, shared by the CLI, the Plan
// tree, the status bar and the webview (which gets the numbers in a posted view and
// fills its localized templates through these same functions; it never recounts).
// Several items may be in_progress at once: every summary accounts for all of them
// (a `find` of the first active item, alone, is a known bug class).
//
// Zod-free and I/O-free: importable by both bundles.
import type { TodoCounts, TodoItem, TodoStatus } from '../domain-literals';
import { format } from '../text-template';
import { oneLine } from './one-line';

export function countTodos(todos: readonly TodoItem[]): TodoCounts {
  const counts: TodoCounts = { pending: 0, inProgress: 0, completed: 0 };
  for (const t of todos) {
    if (t.status === 'pending') counts.pending++;
    else if (t.status === 'in_progress') counts.inProgress++;
    else counts.completed++;
  }
  return counts;
}

/** What every summary of a list is made of, counted once (by the host). */
export interface PlanProgress {
  counts: TodoCounts;
  /** Completed items. */
  done: number;
  total: number;
  /** The first in_progress item's content; null when none is in progress. */
  firstActive: string | null;
  /** How many OTHER items are in progress (the separate `+<n>`). */
  moreActive: number;
}

export function planProgress(todos: readonly TodoItem[]): PlanProgress {
  const counts = countTodos(todos);
  const first = todos.find((t) => t.status === 'in_progress');
  return {
    counts,
    done: counts.completed,
    total: todos.length,
    firstActive: first?.content ?? null,
    moreActive: Math.max(0, counts.inProgress - 1),
  };
}

export interface CountTemplates {
  completed: string;
  inProgress: string;
  pending: string;
}

/** English words of countsHeader (the webview passes its own language's). */
const ENGLISH_COUNT_TEMPLATES: CountTemplates = {
  completed: '{0} completed',
  inProgress: '{0} in progress',
  pending: '{0} pending',
};

/** `1 completed · 2 in progress · 1 pending`: zero segments omitted, in that order; '' for an empty list. */
export function countsHeader(counts: TodoCounts, templates: CountTemplates): string {
  const parts: string[] = [];
  if (counts.completed) parts.push(format(templates.completed, counts.completed));
  if (counts.inProgress) parts.push(format(templates.inProgress, counts.inProgress));
  if (counts.pending) parts.push(format(templates.pending, counts.pending));
  return parts.join(' · ');
}

/** The strip header of a list (English): countsHeader over its counts. */
export function stripHeader(todos: readonly TodoItem[]): string {
  return countsHeader(countTodos(todos), ENGLISH_COUNT_TEMPLATES);
}

/** The head of a todo_write row: `<done>/<total> done`. */
export const ROW_HEAD_TEMPLATE = '{0}/{1} done';
/** The head of the status bar item and the Plan view's description: `<done>/<total>`. */
const FRACTION_TEMPLATE = '{0}/{1}';

/** The verified items' count after a summary (`3/5 · 2 verified`; items' checks: check-states.ts); none: as it was. */
export const VERIFIED_TEMPLATE = '{0} · {1} verified';
export function withVerified(summary: string, verified: number, template: string): string {
  return verified > 0 ? format(template, summary, verified) : summary;
}

/** `<done>/<total>` (the Plan view's description, a subagent node's count). */
export function progressFraction(progress: PlanProgress): string {
  return format(FRACTION_TEMPLATE, progress.done, progress.total);
}

export interface ProgressRow {
  /** `<head> · <first in_progress content>`, or `<head>` alone when nothing is in progress. */
  text: string;
  /** `+<n>` for the other in-progress items, shown apart so it is never truncated; null when none. */
  more: string | null;
}

/** The contract's per-call row `<done>/<total> done · <first active>` (+ `+<n>`); other heads for the status bar. */
export function progressRow(progress: PlanProgress, headTemplate: string): ProgressRow {
  const head = format(headTemplate, progress.done, progress.total);
  return {
    text: progress.firstActive === null ? head : `${head} · ${progress.firstActive}`,
    more: progress.moreActive > 0 ? `+${progress.moreActive}` : null,
  };
}

/** `2/4 · Write the tests +1` for the status bar; null (hide it) with no plan or an empty one. */
export function statusBarSummary(
  plan: readonly TodoItem[] | null,
  headTemplate: string = FRACTION_TEMPLATE,
): string | null {
  if (plan === null || plan.length === 0) return null;
  const row = progressRow(planProgress(plan), headTemplate);
  return row.more === null ? row.text : `${row.text} ${row.more}`;
}

export const STATUS_GLYPH: Record<TodoStatus, string> = { completed: '[x]', in_progress: '[~]', pending: '[ ]' };

/** One line per item, for terminals (content escaped by oneLine: no control sequence, no forged row). */
export function planAsText(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return '(empty plan)';
  const head = stripHeader(todos);
  return [head, ...todos.map((t) => `${STATUS_GLYPH[t.status]} ${oneLine(t.content)}`)].join('\n');
}

/** An item's changed files as its evidence line lists them: the first few paths, then an ellipsis. */
export function changedFilesList(files: readonly { path: string }[]): string {
  const shown = files.slice(0, 5).map((f) => f.path);
  return files.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ');
}
