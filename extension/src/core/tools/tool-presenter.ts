// What a tool's presenter is given and gives back: a call as the log tells it, and
// its summary line and view (core/protocol/tool-view.ts: the views).
import { type TodoItem } from '../domain-literals';
import type { ToolResultDetails } from '../session/tool-details';
import type { ToolChildView, ToolView } from '../protocol/tool-view';

/** What the log says about one call, gathered by the TranscriptFolder: the presenters' input. */
export interface ToolCallRecord {
  name: string;
  /** The raw argument text the model sent ('' when its announcement lies on a page not loaded). */
  arguments: string;
  /** `arguments` parsed as JSON, once; undefined when it is not JSON. */
  args: unknown;
  result: { isError: boolean; content: string; details: ToolResultDetails | null } | null;
  /** The list this call appended (the `todo/write` logged while it ran); null when none. */
  todos: readonly TodoItem[] | null;
  child: ToolChildView | null;
}

export interface PresentedCall {
  /** One short line naming what the call acts on (command, path, pattern, task); '' when nothing fits. */
  summary: string;
  view: ToolView;
}

/**
 * A string property of parsed arguments; null when absent or
 * not a string. (Reading, not validating: the tool validated.)
 */
function stringArg(args: unknown, key: string): string | null {
  if (typeof args !== 'object' || args === null || !(key in args)) return null;
  const value: unknown = (args as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/**
 * A call shown as its input and result text, named by its `path` argument when it
 * has one (a tool the catalog does not know, or arguments its schema refuses).
 */
export function genericView(call: ToolCallRecord): PresentedCall {
  return {
    summary: oneLine(stringArg(call.args, 'path') ?? ''),
    view: { kind: 'generic', input: call.arguments, result: call.result?.content ?? null },
  };
}

/** The first line of `text`, cut to `max` characters (`…`), with ` …` when lines were left out. */
export function oneLine(text: string, max = 80): string {
  const line = text.split('\n', 1)[0] ?? '';
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut !== text && cut === line ? `${cut} …` : cut;
}
