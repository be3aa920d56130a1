// `import <tasks.md>`: a plan file (spec-kit's or Kiro's tasks.md, or our own Markdown
// checklist; core/plan/task-files/) made into a new session of ours whose log begins
// with the file's plan as ONE user edit from the plan file, what the file said of each
// item riding on it. Stdout: what was read, and the log's path as the LAST line. A file
// whose plan todo_write's rules refuse exits 1 and leaves no log behind.
import { readPlanFile } from '../../core/plan/task-files/plan-file-format';
import { SessionStore } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import type { CliIo } from '../io';
import { EXIT_FAILED, EXIT_OK } from '../usage';

/** Whether `text` reads as a plan file (one of its Markdown formats), not another agent's session file. */
export function isPlanFileText(text: string): boolean {
  return readPlanFile(text, null).ok;
}

export async function importPlanFile(
  io: CliIo,
  file: string,
  text: string,
  sessionDir: string,
  cwd: string,
): Promise<number> {
  // The plan file's edit: a lazy module (dist/plan-file-edit.js), as in the editor.
  const { planFileEdit, planFileOrigin } = await import('../../core/plan/plan-file-edit');
  const list = planFileEdit(null, text, { allowParallelInProgress: true });
  if (!list.ok) {
    io.err(`agent-checklist: ${visibleControls(list.message, { keepLayout: false })}`);
    return EXIT_FAILED;
  }
  const origin = planFileOrigin(text);
  const opened = new SessionStore(sessionDir).create({ cwd, title: file.slice(-80), source: { kind: 'cli' } });
  try {
    opened.session.append('todo/user-edit', { todos: list.todos, origin });
  } finally {
    opened.dispose();
  }
  const format = origin.kind === 'plan-file' ? (origin.format ?? 'markdown') : 'markdown';
  const items = `${list.todos.length} item${list.todos.length === 1 ? '' : 's'}`;
  io.out(visibleControls(`imported ${items} from a ${format} plan file`, { keepLayout: false }));
  io.out(opened.path);
  return EXIT_OK;
}
