// The plan as Markdown checkboxes, for a user to edit in a text editor (the CLI's
// plan-first `e`), and read back. One item a line, in order: `- [ ] ` pending,
// `- [~] ` in progress, `- [x] ` completed, then the item's text. Blank lines and
// HTML comments (`<!-- … -->` on their own lines) are passed over; any other line is
// an error naming its number, so no item is lost unnoticed. What the list must
// satisfy beyond its shape (trimmed, non-empty, unique content, the parallel
// policy) is todo_write's validation, applied by the edit (user-edit.ts).
import { STATUS_GLYPH } from './summaries';
import type { TodoItem, TodoStatus } from './todo-schema';

const CHECKBOX_HELP =
  '<!-- One item a line: "- [ ] " pending, "- [~] " in progress, "- ' +
  '[x] " completed. Save and close the editor to keep the list. -->';

export function planAsCheckboxes(todos: readonly TodoItem[]): string {
  return [CHECKBOX_HELP, ...todos.map((t) => `- ${STATUS_GLYPH[t.status]} ${t.content}`)].join('\n') + '\n';
}

const BOX: Readonly<Record<string, TodoStatus>> = {
  ' ': 'pending',
  '~': 'in_progress',
  x: 'completed',
  X: 'completed',
};

export function parseCheckboxes(text: string): { ok: true; todos: TodoItem[] } | { ok: false; message: string } {
  const todos: TodoItem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || (line.startsWith('<!--') && line.endsWith('-->'))) continue;
    const match = /^[-*] \[([ ~xX])\] (.*)$/.exec(line);
    if (!match)
      return {
        ok: false,
        message: `line ${i + 1} is not an item ("- [ ] text", "- [~] text" or "- [x] text"): ${JSON.stringify(line)}`,
      };
    todos.push({ content: match[2]!, status: BOX[match[1]!]! });
  }
  return { ok: true, todos };
}
