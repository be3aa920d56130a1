// The bash tool's structured result and its one presenter. The tool records HOW the
// command ended as data (`tool/result.details`, ToolResultDetails) beside the text
// the model reads; the row is made from that data, never by reading the text back.
// Zod-free (the log's schema for `details` is in core/session/events.ts).
import { oneLine, stringArg, type PresentedCall, type ToolCallRecord } from '../../protocol/tool-view';

export const BASH_TOOL_NAME = 'bash';

/** How a command ended. */
export type BashExit =
  | { kind: 'exited'; code: number }
  | { kind: 'killed'; signal: string }
  | { kind: 'timed-out'; timeoutMs: number }
  | { kind: 'stopped' };

export interface BashResultDetails {
  tool: 'bash';
  exit: BashExit;
}

/**
 * Structured data a tool logs with its result (`tool/result.details`), by tool.
 * Extension point: add a member here (and to the schema in events.ts) for a tool
 * whose row needs more than its text.
 */
export type ToolResultDetails = BashResultDetails;

/** The last line of the text the model sees. */
export function bashStatusLine(exit: BashExit): string {
  switch (exit.kind) {
    case 'stopped':
      return '[stopped by the user: the command and its process group were killed]';
    case 'timed-out':
      return `[timed out after ${exit.timeoutMs} ms: the command and its process group were killed]`;
    case 'exited':
      return `[exit code: ${exit.code}]`;
    case 'killed':
      return `[killed by signal ${exit.signal}]`;
  }
}

/** The result text: the output, then ONE status line. */
export function bashResultText(output: string, exit: BashExit): string {
  return `${output}\n${bashStatusLine(exit)}`;
}

export function bashView(call: ToolCallRecord): PresentedCall {
  const command = stringArg(call.args, 'command') ?? '';
  const result = call.result;
  if (result === null) return { summary: oneLine(command), view: { kind: 'bash', command, exit: null, output: null, error: null } };
  const details = result.details?.tool === 'bash' ? result.details : null;
  if (details === null) return { summary: oneLine(command), view: { kind: 'bash', command, exit: null, output: null, error: result.content } };
  // The text is bashResultText(output, exit): its output is what precedes exactly that status line.
  const suffix = `\n${bashStatusLine(details.exit)}`;
  const output = result.content.endsWith(suffix) ? result.content.slice(0, -suffix.length) : result.content;
  return { summary: oneLine(command), view: { kind: 'bash', command, exit: details.exit, output, error: null } };
}
