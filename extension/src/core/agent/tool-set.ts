// The tools a session enables, by name. One place knows every built-in tool, so
// the CLI and the extension enable the same things the same way.
import { DisposableStore } from '../disposable';
import { registerTodoWriteTool, TODO_WRITE_TOOL_NAME } from '../plan/todo-write-tool';
import { ToolRegistry } from '../tools/registry';

export const BUILT_IN_TOOLS = [TODO_WRITE_TOOL_NAME] as const;
export const DEFAULT_TOOLS: readonly string[] = [TODO_WRITE_TOOL_NAME];

export interface ToolSetOptions {
  tools: readonly string[];
  /** Required when todo_write is enabled: the core has no default policy. */
  allowParallelInProgress?: boolean;
  /** How long a stopped tool may take to answer (default 2 s). */
  stopGraceMs?: number;
}

export class ToolSetError extends Error {}

export function buildToolRegistry(options: ToolSetOptions): { registry: ToolRegistry; owned: DisposableStore } {
  const registry = new ToolRegistry(options.stopGraceMs);
  const owned = new DisposableStore();
  for (const name of new Set(options.tools)) {
    switch (name) {
      case TODO_WRITE_TOOL_NAME:
        if (options.allowParallelInProgress === undefined) throw new ToolSetError('todo_write needs the allowParallelInProgress policy (true or false)');
        owned.add(registerTodoWriteTool(registry, { allowParallelInProgress: options.allowParallelInProgress }));
        break;
      default:
        throw new ToolSetError(`unknown tool ${JSON.stringify(name)}; built-in tools: ${BUILT_IN_TOOLS.join(', ')}`);
    }
  }
  return { registry, owned };
}
