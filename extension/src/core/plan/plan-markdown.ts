// The plan as a Markdown checklist: ONE format, written here and read back here. It is
// what `agent-checklist plan --format markdown` prints, what Export Plan and the
// history list, and what the plan file (`agentChecklist.planFile`, `edit
// --from-file`) holds. One item a line, in order:
//   `- [x] <text>` completed, `- [ ] **<text>** _(in progress)_` in progress,
//   `- [ ] <text>` pending;
// `_The plan is empty._` for an empty list and `_No standing plan._` for none.
// The text is one line that reads back to the exact content: a backslash is written
// `\\`, control and bidirectional characters as oneLine's escapes (`\n`, `\t`, `\e`,
// `\uXXXX`; no control sequence reaches a terminal, no newline forges a row) and a
// leading `*` as `\*` (so no text reads as the in-progress marker); the reader undoes
// exactly these, and leaves any other backslash as typed. Reading is forgiving where a
// person edits: `*`/`+` bullets, `[X]`, blank lines and `<!-- … -->` lines are passed
// over, and a ticked in-progress line is completed. Any other line is refused naming
// its number, so no item is lost unnoticed. What the list must satisfy beyond its
// shape (trimmed, non-empty, unique content, the parallel policy) is todo_write's
// validation, applied by the edit (user-edit.ts).
// An item's check (docs/checks.md) is the indented line after it, `` - check: `<command>` ``,
// the command escaped as item text is; `checks` is index for index with the items (the
// reader gives them only when the file has one).
import { oneLine } from './one-line';
import type { TodoItem, TodoStatus } from './todo-schema';

const NO_STANDING_PLAN = '_No standing plan._';
const EMPTY_PLAN = '_The plan is empty._';

const IN_PROGRESS = /^\*\*(.+)\*\* _\(in progress\)_$/;
const ITEM = /^[-*+] \[([ xX])\] (.*)$/;
const ESCAPE = /\\(\\|n|r|t|e|\*|u[0-9a-fA-F]{4})/g;
const UNESCAPED: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', r: '\r', t: '\t', e: '\u001b', '*': '*' };

/** An item's content as one line of the format (escaped as the header says). */
function itemText(content: string): string {
  return oneLine(content.replace(/\\/g, '\\\\')).replace(/^\*/, '\\*');
}

function contentOf(text: string): string {
  return text.replace(ESCAPE, (_all, code: string) =>
    code.startsWith('u') ? String.fromCharCode(parseInt(code.slice(1), 16)) : UNESCAPED[code]!,
  );
}

const CHECK = /^\s+[-*+] check: `(.*)`$/;
const checkLine = (command: string | null | undefined): string =>
  command ? `\n  - check: \`${itemText(command)}\`` : '';

/** A GitHub-style task list; in-progress items are marked so Markdown readers see them. */
export function planAsMarkdown(todos: readonly TodoItem[], checks: readonly (string | null)[] = []): string {
  if (todos.length === 0) return EMPTY_PLAN;
  return todos
    .map((t) => ({ status: t.status, text: itemText(t.content) }))
    .map(
      (t, i) =>
        (t.status === 'completed'
          ? `- [x] ${t.text}`
          : t.status === 'in_progress'
            ? `- [ ] **${t.text}** _(in progress)_`
            : `- [ ] ${t.text}`) + checkLine(checks[i]),
    )
    .join('\n');
}

/**
 * The standing plan (null: none) as `plan --format markdown` prints
 * it and the plan file holds it: one line each, ending in a newline.
 */
export function planMarkdownDocument(plan: readonly TodoItem[] | null, checks?: readonly (string | null)[]): string {
  return `${plan === null ? NO_STANDING_PLAN : planAsMarkdown(plan, checks)}\n`;
}

export type ParsedPlanMarkdown =
  { ok: true; todos: TodoItem[] | null; checks?: (string | null)[] } | { ok: false; message: string };

/** Reads the format back: the list (null for `_No standing plan._`), or why a line is not an item. */
export function parsePlanMarkdown(text: string): ParsedPlanMarkdown {
  const lines = text.split(/\r?\n/);
  const todos: TodoItem[] = [];
  const checks: (string | null)[] = [];
  let itemLine = -2;
  let marker: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const check = itemLine === i - 1 ? CHECK.exec(lines[i]!.trimEnd()) : null;
    if (check) {
      checks[todos.length - 1] = contentOf(check[1]!);
      continue;
    }
    const line = lines[i]!.trim();
    if (line === '' || (line.startsWith('<!--') && line.endsWith('-->'))) continue;
    if ((line === NO_STANDING_PLAN || line === EMPTY_PLAN) && marker === null) {
      marker = line;
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) return { ok: false, message: notAnItem(i + 1, line) };
    todos.push(itemOf(item[1]!, item[2]!));
    checks.push(null);
    itemLine = i;
  }
  if (marker !== null && todos.length > 0)
    return { ok: false, message: `the file says ${JSON.stringify(marker)} and lists items` };
  const todosRead = marker === NO_STANDING_PLAN ? null : todos;
  return checks.some((c) => c !== null) ? { ok: true, todos: todosRead, checks } : { ok: true, todos: todosRead };
}

function itemOf(box: string, text: string): TodoItem {
  const active = IN_PROGRESS.exec(text);
  const content = contentOf(active ? active[1]! : text);
  const status: TodoStatus = box === ' ' ? (active ? 'in_progress' : 'pending') : 'completed';
  return { content, status };
}

function notAnItem(lineNumber: number, line: string): string {
  return (
    `line ${lineNumber} is not an item ("- [ ] text", "- [ ] **text** ` +
    `_(in progress)_" or "- [x] text"): ${JSON.stringify(oneLine(line))}`
  );
}
