// read_file's name, description and arguments (what the model is offered and a call
// is checked against), apart from its implementation (read-file-tool.ts) so that the tool's
// descriptor (descriptor.ts) needs none of it: the implementation loads with the first
// tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';
import { filePathArg, WORKSPACE_PATHS_RULE } from '../file-path-arg';

const READ_FILE_TOOL_NAME = 'read_file';
export const DEFAULT_READ_LIMIT = 2000;
const MAX_READ_LIMIT = 5000;
export const MAX_LINE_CHARS = 2000;

const READ_FILE_DESCRIPTION = [
  'Read a text file of the workspace. Lines come numbered (`<line ' +
    'number>\\t<text>`); the numbers are not part of the file.',
  `Reads ${DEFAULT_READ_LIMIT} lines from the start unless offset (the first line, 1-based) and ` +
    `limit (how many lines, at most ${MAX_READ_LIMIT}) say otherwise; the last line tells how to ` +
    `read on when more remain. Lines longer than ${MAX_LINE_CHARS} characters are shortened.`,
  WORKSPACE_PATHS_RULE,
].join('\n\n');

const readFileArgsSchema = z.object({
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
