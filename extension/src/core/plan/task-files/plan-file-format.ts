// The plan file in any of the formats it may hold, recognised from its text: spec-kit's
// tasks.md (`- [ ] T001 …`), Kiro's tasks.md (`- [ ] 1. …`), else our own Markdown
// checklist (plan-markdown.ts), whose item line may end with `(after 2, 3)` (the item
// numbers it waits for). A file is a task file when it has task lines of that format
// and either our format refuses it (headings, prose) or every checkbox line is one.
// Read: the list and what the file said of each item (the plan file edit's origin).
// Written: the plan put into the file's own text (only what changed differs). Our format
// carries each item's check line (`  - check: \`…\``, docs/checks.md) after its item line.
import type { UserEditOrigin } from '../../session/events';
import type { TaskMeta } from '../../session/task-meta';
import { parsePlanMarkdown, planMarkdownDocument } from '../plan-markdown';
import type { TodoItem } from '../todo-schema';
import { isKiroTask, kiroSyntax, readKiro } from './kiro';
import { isSpecKitTask, readSpecKit, specKitSyntax } from './spec-kit';
import { taskItems, writeTaskFile, type TaskFile, type TaskSyntax } from './task-file';

type PlanFileOrigin = Extract<UserEditOrigin, { kind: 'plan-file' }>;

export type PlanFileRead =
  { ok: true; todos: TodoItem[] | null; origin: PlanFileOrigin } | { ok: false; message: string };

const CHECKBOX = /^\s*[-*+] \[.\]/;
const AFTER = /\s\(after (\d+(?:\s*,\s*\d+)*)\)(\r?)$/;

function taskFileOf(text: string): { file: TaskFile; syntax: TaskSyntax } | null {
  const boxes = text.split('\n').filter((line) => CHECKBOX.test(line));
  const specKit = boxes.filter(isSpecKitTask).length;
  const kiro = boxes.filter(isKiroTask).length;
  if (specKit === 0 && kiro === 0) return null;
  if (Math.max(specKit, kiro) < boxes.length && parsePlanMarkdown(withoutAfter(text).text).ok) return null;
  return specKit >= kiro
    ? { file: readSpecKit(text), syntax: specKitSyntax }
    : { file: readKiro(text), syntax: kiroSyntax };
}

/** Our format's text with each `(after …)` taken off its line, and what each item's line said. */
function withoutAfter(text: string): { text: string; after: string[][] } {
  const after: string[][] = [];
  const lines = text.split('\n').map((line) => {
    if (!CHECKBOX.test(line)) return line;
    const m = AFTER.exec(line);
    after.push(m ? m[1]!.split(',').map((n) => n.trim()) : []);
    return m ? line.slice(0, m.index) + m[2]! : line;
  });
  return { text: lines.join('\n'), after };
}

/** The plan the file holds (`plan`: the log's, so spec-kit's `[ ]` keeps an item in progress) and what it said. */
export function readPlanFile(text: string, plan: readonly TodoItem[] | null): PlanFileRead {
  const task = taskFileOf(text);
  if (task !== null) {
    const todos = taskItems(task.file, task.syntax, plan);
    return { ok: true, todos, origin: { kind: 'plan-file', format: task.file.format, tasks: metaOf(task.file) } };
  }
  const own = withoutAfter(text);
  const parsed = parsePlanMarkdown(own.text);
  if (!parsed.ok) return parsed;
  const waits = own.after.some((a) => a.length > 0);
  const tasks = own.after.map((a): TaskMeta => (a.length > 0 ? { dependsOn: a.slice(0, 100) } : {}));
  return {
    ok: true,
    todos: parsed.todos,
    origin: waits ? { kind: 'plan-file', format: 'markdown', tasks } : { kind: 'plan-file' },
  };
}

function metaOf(file: TaskFile): TaskMeta[] {
  return file.tasks.map((t) => t.meta);
}

/** Our format's checks, index for index with its items (null: none); null for a task file or a refused text. */
export function planFileChecks(text: string): (string | null)[] | null {
  if (taskFileOf(text) !== null) return null;
  const parsed = parsePlanMarkdown(withoutAfter(text).text);
  if (!parsed.ok || parsed.todos === null) return null;
  return parsed.checks ?? parsed.todos.map(() => null);
}

/**
 * The file's next text with `plan` in it: a task file keeps every byte of what did not
 * change; our format is the plan's document, keeping each remaining item's `(after …)`,
 * with `checks` (index for index; undefined: each item keeps the check line the file gave it).
 */
export function planFileText(
  current: string | null,
  plan: readonly TodoItem[] | null,
  checks?: readonly (string | null)[],
): string {
  const task = current === null || plan === null ? null : taskFileOf(current);
  if (task !== null && plan !== null) return writeTaskFile(task.file, task.syntax, plan);
  const read = current === null || plan === null || plan.length === 0 ? null : readPlanFile(current, null);
  const known = read?.ok && read.todos !== null ? read.todos : null;
  const document = planMarkdownDocument(plan, checks ?? keptChecks(current, known, plan));
  if (plan === null || known === null || !read?.ok || read.origin.tasks === undefined) return document;
  const after = new Map(known.map((t, i) => [t.content, read.origin.tasks?.[i]?.dependsOn]));
  let item = 0;
  // an item's line, then its check line (indented) when it has one: `(after …)` goes on the item's
  const lines = document
    .split('\n')
    .map((line) => (line.startsWith('- [') ? withAfter(line, after.get(plan[item++]?.content ?? '')) : line));
  return lines.join('\n');
}

/** Each item's check line as the file `current` (its items `known`) gave it, by the item's text. */
function keptChecks(
  current: string | null,
  known: readonly TodoItem[] | null,
  plan: readonly TodoItem[] | null,
): (string | null)[] | undefined {
  const fileChecks = current === null || known === null ? null : planFileChecks(current);
  if (fileChecks === null || plan === null) return undefined;
  const byContent = new Map(known?.map((t, i) => [t.content, fileChecks[i] ?? null]));
  return plan.map((t) => byContent.get(t.content) ?? null);
}

function withAfter(line: string, after: readonly string[] | undefined): string {
  return after === undefined || after.length === 0 ? line : `${line} (after ${after.join(', ')})`;
}
