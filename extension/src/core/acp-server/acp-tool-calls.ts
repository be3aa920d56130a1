// Our tool calls as ACP `tool_call` / `tool_call_update` fields: the title is the
// tool's name and the summary line its presenter gives our own rows; the kind says
// what the call does (ACP's icons); write_file and edit_file carry their change as an
// ACP diff with an absolute path (write_file as a whole new text, like our own row,
// which shows its content as added lines); every result is its text. Arguments are
// read through the tool's own schemas, so a malformed call is shown, never trusted.
import * as path from 'node:path';
import type { ToolCallContent, ToolCallStatus, ToolKind } from '@agentclientprotocol/sdk';
import { presentToolCall } from '../presenters/tool-call';
import type { ToolCallRecord } from '../presenters/tool-presenter';
import { parseJson } from '../store/parse-json';
import { BASH_TOOL_NAME } from '../tools/bash/bash-view';
import { EDIT_FILE_TOOL_NAME, editFileArgsSchema } from '../tools/edit-file/edit-file-tool';
import { GREP_TOOL_NAME } from '../tools/grep/grep-tool';
import { LIST_FILES_TOOL_NAME } from '../tools/list-files/list-files-tool';
import { READ_FILE_TOOL_NAME } from '../tools/read-file/read-file-tool';
import { TODO_WRITE_TOOL_NAME } from '../tools/todo-write/todo-write-view';
import { WRITE_FILE_TOOL_NAME, writeFileArgsSchema } from '../tools/write-file/write-file-tool';

const KINDS: Readonly<Record<string, ToolKind>> = {
  [READ_FILE_TOOL_NAME]: 'read',
  [WRITE_FILE_TOOL_NAME]: 'edit',
  [EDIT_FILE_TOOL_NAME]: 'edit',
  [LIST_FILES_TOOL_NAME]: 'search',
  [GREP_TOOL_NAME]: 'search',
  [BASH_TOOL_NAME]: 'execute',
  [TODO_WRITE_TOOL_NAME]: 'think',
};

/** The call as the model made it, before it has a result. */
export interface AcpCallInput {
  name: string;
  arguments: string;
}

/** What ACP shows of a call: the fields a `tool_call` and a permission request share. */
export interface AcpCallFields {
  title: string;
  kind: ToolKind;
  content: ToolCallContent[];
  rawInput: unknown;
}

function record(call: AcpCallInput, result: ToolCallRecord['result']): ToolCallRecord {
  return {
    name: call.name,
    arguments: call.arguments,
    args: parseJson(call.arguments),
    result,
    todos: null,
    child: null,
  };
}

/** The change a file tool makes, as ACP's diff (absolute path under `cwd`); none for other tools or malformed arguments. */
function diffOf(call: AcpCallInput, args: unknown, cwd: string): ToolCallContent[] {
  if (call.name === WRITE_FILE_TOOL_NAME) {
    const parsed = writeFileArgsSchema.safeParse(args);
    return parsed.success
      ? [{ type: 'diff', path: path.resolve(cwd, parsed.data.path), oldText: null, newText: parsed.data.content }]
      : [];
  }
  if (call.name === EDIT_FILE_TOOL_NAME) {
    const parsed = editFileArgsSchema.safeParse(args);
    return parsed.success
      ? [
          {
            type: 'diff',
            path: path.resolve(cwd, parsed.data.path),
            oldText: parsed.data.old_string,
            newText: parsed.data.new_string,
          },
        ]
      : [];
  }
  return [];
}

export function acpCallFields(call: AcpCallInput, cwd: string): AcpCallFields {
  const shown = record(call, null);
  const { summary } = presentToolCall(shown);
  return {
    title: summary === '' ? call.name : `${call.name}: ${summary}`,
    kind: KINDS[call.name] ?? 'other',
    content: diffOf(call, shown.args, cwd),
    rawInput: shown.args ?? call.arguments,
  };
}

/** The fields of a call's last update: its status from the result and the result's text after any diff. */
export function acpCallResult(
  call: AcpCallInput,
  result: { isError: boolean; content: string },
  cwd: string,
): { status: ToolCallStatus; content: ToolCallContent[]; rawOutput: string } {
  const text: ToolCallContent = { type: 'content', content: { type: 'text', text: result.content } };
  return {
    status: result.isError ? 'failed' : 'completed',
    content: [...diffOf(call, parseJson(call.arguments), cwd), text],
    rawOutput: result.content,
  };
}
