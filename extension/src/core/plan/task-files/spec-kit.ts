// spec-kit's tasks.md (github/spec-kit, templates/tasks-template.md): tasks as
// `- [ ] T001 [P] [US1] words (depends on T012, T013)` under `##` phase headings,
// `[X]` or `[x]` done. The id, `[P]` (may run in parallel), the story label, the
// phase and the dependencies are kept as the item's TaskMeta; the words are its
// content. spec-kit has no in-progress box: an item in progress is written `[ ]`.
import type { TaskMeta } from '../../session/task-meta';
import type { TodoStatus } from '../todo-schema';
import type { TaskFile, TaskLine, TaskSyntax } from './task-file';

const TASK = /^(\s*[-*] \[)([ xX])(\] (T\d+)((?: \[[^\]\s]+\])*) )(.*?)((?:\s*\(depends on ([^)]*)\))?\r?)$/;
const HEADING = /^##\s+(.*?)\s*#*\r?$/;

export function isSpecKitTask(line: string): boolean {
  return TASK.test(line);
}

export function readSpecKit(text: string): TaskFile {
  const lines = text.split('\n');
  const tasks: TaskLine[] = [];
  let phase: string | undefined;
  lines.forEach((line, i) => {
    const heading = HEADING.exec(line);
    if (heading) phase = heading[1]!.slice(0, 200) || undefined;
    const m = TASK.exec(line);
    if (!m || m[6]!.trim() === '') return;
    tasks.push({
      line: i,
      before: m[1]!,
      box: m[2]!,
      after: m[3]!,
      text: m[6]!,
      tail: m[7]!,
      meta: metaOf(m[4]!, m[5]!, m[8], phase),
    });
  });
  return { format: 'spec-kit', lines, tasks };
}

function metaOf(taskId: string, labels: string, depends: string | undefined, phase: string | undefined): TaskMeta {
  const marks = [...labels.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
  const story = marks.find((m) => m !== 'P');
  const dependsOn = (depends ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  return {
    taskId,
    ...(marks.includes('P') ? { parallel: true } : {}),
    ...(story === undefined ? {} : { story: story.slice(0, 200) }),
    ...(phase === undefined ? {} : { phase }),
    ...(dependsOn.length > 0 ? { dependsOn: dependsOn.slice(0, 100).map((d) => d.slice(0, 200)) } : {}),
  };
}

export const specKitSyntax: TaskSyntax = {
  statusOf: (box: string): TodoStatus | null => (box === ' ' ? 'pending' : /^[xX]$/.test(box) ? 'completed' : null),
  boxOf: (status, was) => (status !== 'completed' ? ' ' : /^[xX]$/.test(was) ? was : 'X'),
  newLine: (content, status, last) => {
    const number = Number(/^T(\d+)$/.exec(last?.meta.taskId ?? '')?.[1] ?? 0) + 1;
    const indent = /^\s*/.exec(last?.before ?? '')![0];
    return `${indent}- [${status === 'completed' ? 'X' : ' '}] T${String(number).padStart(3, '0')} ${content}`;
  },
};
