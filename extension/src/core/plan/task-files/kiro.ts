// Kiro's tasks.md (a spec's implementation plan): numbered tasks `- [ ] 1. words`,
// sub-tasks `  - [ ] 1.1 words` with their detail bullets and `_Requirements: 1.1, 2.3_`
// lines (kept as text), `[-]` in progress, `[x]` done, `- [ ]*` optional. The number
// is the item's taskId; a sub-task waits for the sub-task before it (its dependsOn),
// as Kiro runs them in order.
import type { TaskMeta } from '../../session/task-meta';
import type { TodoStatus } from '../todo-schema';
import type { TaskFile, TaskLine, TaskSyntax } from './task-file';

const TASK = /^(\s*- \[)([ xX-])(\](\*?) (\d+(?:\.\d+)*)\.? )(.*?)(\r?)$/;

export function isKiroTask(line: string): boolean {
  return TASK.test(line);
}

export function readKiro(text: string): TaskFile {
  const lines = text.split('\n');
  const tasks: TaskLine[] = [];
  let previous: TaskLine | undefined;
  lines.forEach((line, i) => {
    const m = TASK.exec(line);
    if (!m || m[6]!.trim() === '') return;
    const taskId = m[5]!;
    const task: TaskLine = {
      line: i,
      before: m[1]!,
      box: m[2]!,
      after: m[3]!,
      text: m[6]!,
      tail: m[7]!,
      meta: metaOf(taskId, m[4] === '*', previous?.meta.taskId),
    };
    tasks.push(task);
    previous = task;
  });
  return { format: 'kiro', lines, tasks };
}

function metaOf(taskId: string, optional: boolean, previousId: string | undefined): TaskMeta {
  const parent = taskId.includes('.') ? taskId.slice(0, taskId.lastIndexOf('.')) : null;
  const sibling =
    parent !== null && previousId !== undefined && previousId.startsWith(`${parent}.`) && previousId !== parent;
  return {
    taskId: taskId.slice(0, 200),
    ...(optional ? { optional: true } : {}),
    ...(sibling ? { dependsOn: [previousId] } : {}),
  };
}

export const kiroSyntax: TaskSyntax = {
  statusOf: (box: string): TodoStatus | null =>
    box === ' ' ? 'pending' : box === '-' ? 'in_progress' : /^[xX]$/.test(box) ? 'completed' : null,
  boxOf: (status, was) =>
    status === 'pending' ? ' ' : status === 'in_progress' ? '-' : /^[xX]$/.test(was) ? was : 'x',
  newLine: (content, status, last) => {
    const top = Number(/^(\d+)/.exec(last?.meta.taskId ?? '')?.[1] ?? 0) + 1;
    const box = status === 'pending' ? ' ' : status === 'in_progress' ? '-' : 'x';
    return `- [${box}] ${top}. ${content}`;
  },
};
