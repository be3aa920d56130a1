// The presenter of each tool, by name: the one place a call becomes a view. A tool
// without an entry gets the generic view (its input and result as text).
// Zod-free; the host runs it (TranscriptFolder), the webview only paints its views.
import { subagentView } from './subagent/subagent-view';
import { TODO_WRITE_TOOL_NAME, todoWriteView } from './todo-write/todo-write-view';
import { BASH_TOOL_NAME, bashView } from './bash/bash-view';
import { editFileView, grepView, listFilesView, readFileView, writeFileView } from './file-views';
import { oneLine, stringArg, type PresentedCall, type ToolCallRecord, type ToolPresenter } from '../protocol/tool-view';

/** Extension point: register a new tool's presenter here (a unit test checks every built-in tool has one). */
export const TOOL_PRESENTERS: Readonly<Record<string, ToolPresenter>> = {
  [TODO_WRITE_TOOL_NAME]: todoWriteView,
  [BASH_TOOL_NAME]: bashView,
  edit_file: editFileView,
  write_file: writeFileView,
  read_file: readFileView,
  list_files: listFilesView,
  grep: grepView,
  subagent: subagentView,
};

export function genericView(call: ToolCallRecord): PresentedCall {
  return { summary: oneLine(stringArg(call.args, 'path') ?? ''), view: { kind: 'generic', input: call.arguments, result: call.result?.content ?? null } };
}

export function presentToolCall(call: ToolCallRecord): PresentedCall {
  const presenter = Object.prototype.hasOwnProperty.call(TOOL_PRESENTERS, call.name) ? TOOL_PRESENTERS[call.name] : undefined;
  return (presenter ?? genericView)(call);
}
