// The bash tool's result text and its one presenter. The tool records HOW the
// command ended as data (`tool/result.details`, the schema in descriptor.ts) beside
// the text the model reads; the row is made from that data, never by reading the
// text back.
import * as z from 'zod/mini';
import { bashExitSchema, type BashExit } from '../../protocol/tool-view';
import { oneLine, type PresentedCall, type ToolCallRecord } from '../tool-presenter';

export type { BashExit };

export const BASH_TOOL_NAME = 'bash';

/** The data bash logs with its result (`tool/result.details`): how the command ended. */
export const bashDetailsSchema = z.strictObject({ tool: z.literal(BASH_TOOL_NAME), exit: bashExitSchema });

/** The last line of the text the model sees. */
function bashStatusLine(exit: BashExit): string {
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

/**
 * `command` and `exit` as the descriptor checked them (`exit`
 * null: no structured result, e.g. refused or an older log).
 */
export function bashView(call: ToolCallRecord, command: string, exit: BashExit | null): PresentedCall {
  const result = call.result;
  if (result === null)
    return { summary: oneLine(command), view: { kind: 'bash', command, exit: null, output: null, error: null } };
  if (exit === null)
    return {
      summary: oneLine(command),
      view: { kind: 'bash', command, exit: null, output: null, error: result.content },
    };
  // The text is bashResultText(output, exit): its output is what precedes exactly that status line.
  const suffix = `\n${bashStatusLine(exit)}`;
  const output = result.content.endsWith(suffix) ? result.content.slice(0, -suffix.length) : result.content;
  return { summary: oneLine(command), view: { kind: 'bash', command, exit, output, error: null } };
}
