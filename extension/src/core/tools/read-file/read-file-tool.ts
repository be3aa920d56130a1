// read_file: a text file of the workspace, a window of lines, numbered.
import { readTextFile } from '../text-file';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import type { Redactor } from '../tool-env';
import type { Workspace } from '../workspace';
import { DEFAULT_READ_LIMIT, MAX_LINE_CHARS, readFileSignature } from './read-file-signature';

const EMPTY_FILE_TEXT = '(empty file)';
const offsetPastEndMessage = (offset: number, lines: number): string =>
  `offset ${offset} is past the end of the file (${lines} lines)`;

/** Pure: the numbered window of `text` the model sees. */
function numberedWindow(
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
