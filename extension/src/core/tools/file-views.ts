// The file tools' presenters: edit_file and write_file as a -/+ line diff of what
// the call removes and adds; read_file, list_files and grep as the generic view
// with the path or pattern as the row's summary. Zod-free.
import { oneLine, stringArg, type PresentedCall, type ToolCallRecord, type DiffLine } from '../protocol/tool-view';

function lines(kind: DiffLine['kind'], text: string): DiffLine[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n').map((t) => ({ kind, text: t }));
}

function generic(call: ToolCallRecord, summary: string): PresentedCall {
  return { summary: oneLine(summary), view: { kind: 'generic', input: call.arguments, result: call.result?.content ?? null } };
}

export function editFileView(call: ToolCallRecord): PresentedCall {
  const path = stringArg(call.args, 'path');
  const oldText = stringArg(call.args, 'old_string');
  const newText = stringArg(call.args, 'new_string');
  if (path === null || oldText === null || newText === null) return generic(call, path ?? '');
  return { summary: oneLine(path), view: { kind: 'diff', path, lines: [...lines('del', oldText), ...lines('add', newText)], result: call.result?.content ?? null } };
}

export function writeFileView(call: ToolCallRecord): PresentedCall {
  const path = stringArg(call.args, 'path');
  const content = stringArg(call.args, 'content');
  if (path === null || content === null) return generic(call, path ?? '');
  return { summary: oneLine(path), view: { kind: 'diff', path, lines: lines('add', content), result: call.result?.content ?? null } };
}

export const readFileView = (call: ToolCallRecord): PresentedCall => generic(call, stringArg(call.args, 'path') ?? '');
export const listFilesView = (call: ToolCallRecord): PresentedCall => generic(call, stringArg(call.args, 'path') ?? '');
export const grepView = (call: ToolCallRecord): PresentedCall => generic(call, stringArg(call.args, 'pattern') ?? '');
