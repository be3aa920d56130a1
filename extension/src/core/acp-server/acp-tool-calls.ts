// Our tool calls as ACP `tool_call` / `tool_call_update` fields: the title is the
// tool's name and the summary line its presenter gives our own rows; the kind says
// what the call does (ACP's icons: its descriptor's ACP kind); a tool that changes
// files carries its change as an ACP diff with an absolute path (the changes its
// descriptor reads off the arguments: a whole new file as new text with no old
// text, like our own row, which shows it as added lines); every result is its text.
// Arguments are read through the tool's own schemas, so a malformed call is shown,
// never trusted.
import * as path from 'node:path';
import type { ToolCallContent, ToolCallStatus, ToolKind } from '@agentclientprotocol/sdk';
import { presentToolCall } from '../presenters/tool-call';
import type { ToolCallRecord } from '../tools/tool-presenter';
import { parseJson } from '../store/parse-json';
import { toolFacts, type ToolFacts } from '../session/tool-facts';

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

/** A call's facts as the process's catalog answers them (session/tool-facts.ts), as every other reader asks. */
const factsOf = (call: AcpCallInput): ToolFacts => toolFacts(call.name);

/**
 * The changes a call makes, as ACP's diffs (absolute paths under
 * `cwd`); none for a tool that changes no file or malformed arguments.
 */
function diffOf(call: AcpCallInput, args: unknown, cwd: string): ToolCallContent[] {
  return factsOf(call)
    .changes(args)
    .map((change) => ({ type: 'diff', ...change, path: path.resolve(cwd, change.path) }));
}

export function acpCallFields(call: AcpCallInput, cwd: string): AcpCallFields {
  const shown = record(call, null);
  const { summary } = presentToolCall(shown);
  return {
    title: summary === '' ? call.name : `${call.name}: ${summary}`,
    kind: factsOf(call).acpKind,
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
