// A parent session's items run in parallel, read off its log: the standing plan, what
// the plan file said of each item (its dependencies), each item's latest child run
// (core/plan/item-runs.ts), and the notice naming the branches still there.
import { itemRunsProjection, branchIsOpen, type ItemRunsByContent } from '../core/plan/item-runs';
import type { TodoItem } from '../core/plan/todo-schema';
import { todosProjection, type PlanState } from '../core/plan/todos-projection';
import { taskMetaProjection, type TaskMetaByContent } from '../core/plan/task-files/task-meta-fold';
import type { SessionHeader } from '../core/session/header';
import { visibleControls } from '../core/terminal-text';
import type { CliIo } from './io';
import { readValidatedLog } from './read-log';

export interface ItemRunsRead {
  header: SessionHeader;
  plan: readonly TodoItem[];
  tasks: TaskMetaByContent;
  runs: ItemRunsByContent;
}

/** The log's plan and item runs, or null after saying why it cannot be read. */
export function readItemRuns(io: CliIo, logPath: string): ItemRunsRead | null {
  let plan: PlanState | null = todosProjection.init;
  let tasks = taskMetaProjection.init;
  let runs = itemRunsProjection.init;
  const log = readValidatedLog(io, logPath, (event) => {
    plan = todosProjection.apply(plan, event);
    tasks = taskMetaProjection.apply(tasks, event);
    runs = itemRunsProjection.apply(runs, event);
  });
  if (log === null) return null;
  const standing: PlanState | null = plan;
  return { header: log.header, plan: standing?.todos ?? [], tasks, runs };
}

/** One line per item whose branch is still there: how to merge or discard it. */
export function openBranchLines(read: ItemRunsRead, logPath: string): string[] {
  return [...read.runs.values()].filter(branchIsOpen).map((run) => {
    const n = read.plan.findIndex((t) => t.content === run.content) + 1;
    const item = n > 0 ? String(n) : '<n>';
    const state = run.state === 'running' ? 'left by a run that did not end' : run.state;
    return visibleControls(
      `item ${item} (${run.content}): branch ${run.branch} (${state}), worktree ${run.worktree}: merge it with ` +
        `agent-checklist merge ${logPath} --item ${item}, or discard it with ` +
        `agent-checklist discard ${logPath} --item ${item}`,
      { keepLayout: false },
    );
  });
}
