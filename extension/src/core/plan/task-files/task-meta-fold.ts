// What the plan file last said of each item (TaskMeta), by item content: the latest
// plan file edit that carried it decides (a file with no task markers clears it). A
// model's rewording drops an item's entry, as the file no longer names that task.
import type { Projection } from '../../session/projection';
import type { TaskMeta } from '../../session/task-meta';

export type TaskMetaByContent = ReadonlyMap<string, TaskMeta>;

const NONE: TaskMetaByContent = new Map();

export const taskMetaProjection: Projection<TaskMetaByContent> = {
  init: NONE,
  apply(state, event) {
    if (event.type !== 'todo/user-edit' || event.data.origin?.kind !== 'plan-file') return state;
    const tasks = event.data.origin.tasks;
    if (tasks === undefined) return state.size === 0 ? state : NONE;
    return new Map(event.data.todos.map((t, i) => [t.content, tasks[i] ?? {}]));
  },
};

/** An item's TaskMeta fields for `plan --format json` (none when the file said nothing). */
export function taskMetaOf(state: TaskMetaByContent, content: string): TaskMeta {
  return state.get(content) ?? {};
}
