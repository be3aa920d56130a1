// edit_file's name, description and arguments (what the model is offered and a call
// is checked against), apart from its implementation (edit-file-tool.ts) so that the tool's
// descriptor (descriptor.ts) needs none of it: the implementation loads with the first
// tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';
import { filePathArg, WORKSPACE_PATHS_RULE } from '../file-path-arg';

export const EDIT_FILE_TOOL_NAME = 'edit_file';

const EDIT_FILE_DESCRIPTION = [
  'Replace one exact piece of text in a workspace file: old_string must occur EXACTLY ' +
    'ONCE in the file (same whitespace and indentation); it is replaced by new_string.',
  'Read the file first and copy old_string from it (without the line numbers ' +
    'read_file adds). When the text occurs more than once, include enough surrounding ' +
    'lines to make it unique. To create a file or rewrite it whole use write_file.',
  'The user may have to approve each edit; a denied edit changes nothing: do not retry it unchanged. ' +
    WORKSPACE_PATHS_RULE,
].join('\n\n');

const editFileArgsSchema = z.object({
  path: filePathArg,
  old_string: z.string().check(z.minLength(1), z.describe('The exact text to replace; it must occur exactly once.')),
  new_string: z.string().check(z.describe('The text to put in its place.')),
}) satisfies z.ZodMiniType<{ path: string; old_string: string; new_string: string }>;

export const editFileSignature = {
  name: EDIT_FILE_TOOL_NAME,
  description: EDIT_FILE_DESCRIPTION,
  args: editFileArgsSchema,
  asksApproval: true,
} as const;
