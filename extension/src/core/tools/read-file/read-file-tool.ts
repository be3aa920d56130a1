// read_file: a text file of the workspace, a window of lines, numbered.
import * as z from 'zod/mini';
import { readTextFile } from '../text-file';
import { filePathArg, WORKSPACE_PATHS_RULE } from '../file-path-arg';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import type { Redactor } from '../tool-env';
import type { Workspace } from '../workspace';

export const READ_FILE_TOOL_NAME = 'read_file';
export const DEFAULT_READ_LIMIT = 2000;
export const MAX_READ_LIMIT = 5000;
export const MAX_LINE_CHARS = 2000;

export const READ_FILE_DESCRIPTION = [
  'Read a text file of the workspace. Lines come numbered (`<line number>\\t<text>`); the numbers are not part of the file.',
  `Reads ${DEFAULT_READ_LIMIT} lines from the start unless offset (the first line, 1-based) and limit (how many lines, at most ${MAX_READ_LIMIT}) say otherwise; the last line tells how to read on when more remain. Lines longer than ${MAX_LINE_CHARS} characters are shortened.`,
  WORKSPACE_PATHS_RULE,
].join('\n\n');

export const readFileArgsSchema = z.object({
  path: filePathArg,
  offset: z
    .exactOptional(z.number().check(z.int(), z.minimum(1)))
    .check(z.describe('First line to read, 1-based (default 1).')),
  limit: z
    .exactOptional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_READ_LIMIT)))
    .check(z.describe(`Lines to read (default ${DEFAULT_READ_LIMIT}).`)),
}) satisfies z.ZodMiniType<{ path: string; offset?: number; limit?: number }>;

export const readFileSignature = {
  name: READ_FILE_TOOL_NAME,
  description: READ_FILE_DESCRIPTION,
  args: readFileArgsSchema,
  asksApproval: false,
} as const;

export const EMPTY_FILE_TEXT = '(empty file)';
export const offsetPastEndMessage = (offset: number, lines: number): string =>
  `offset ${offset} is past the end of the file (${lines} lines)`;

/** Pure: the numbered window of `text` the model sees. */
export function numberedWindow(
  text: string,
  offset: number,
  limit: number,
): { ok: true; content: string } | { ok: false; message: string } {
  if (text === '') return { ok: true, content: EMPTY_FILE_TEXT };
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop(); // a final newline ends the last line
  if (offset > lines.length) return { ok: false, message: offsetPastEndMessage(offset, lines.length) };
  const end = Math.min(lines.length, offset - 1 + limit);
  const out: string[] = [];
  for (let i = offset - 1; i < end; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const shown =
      line.length > MAX_LINE_CHARS
        ? `${line.slice(0, MAX_LINE_CHARS)}… [line shortened, ${line.length} characters]`
        : line;
    out.push(`${i + 1}\t${shown}`);
  }
  if (end < lines.length) out.push(`[lines ${offset}-${end} of ${lines.length}; read on with offset ${end + 1}]`);
  return { ok: true, content: out.join('\n') };
}

/** `redactor`: secrets removed from the whole file before it is windowed and lines are shortened. */
export function createReadFileTool(workspace: Workspace, redactor?: Redactor): ToolDefinition {
  return checkedTool(readFileSignature, async ({ path, offset = 1, limit = DEFAULT_READ_LIMIT }) => {
    const read = await readTextFile(workspace, path);
    if (!read.ok) return errorResult(read.message);
    const window = numberedWindow(redactor ? redactor.redact(read.text) : read.text, offset, limit);
    if (!window.ok) return errorResult(window.message);
    return { isError: false, content: window.content };
  });
}
