// write_file's name, description and arguments (what the model is offered and a call
// is checked against), apart from its implementation (write-file-tool.ts) so that the tool's
// descriptor (descriptor.ts) needs none of it: the implementation loads with the first
// tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';
import { filePathArg, WORKSPACE_PATHS_RULE } from '../file-path-arg';

export const WRITE_FILE_TOOL_NAME = 'write_file';
/** How much of the new content an approval prompt shows. */
export const APPROVAL_PREVIEW_CHARS = 4000;

const WRITE_FILE_DESCRIPTION = [
  'Create a text file in the workspace, or replace an existing ' +
    "file's whole content. Missing parent folders are created.",
  'To change part of an existing file prefer edit_file; read a file before replacing it. The user ' +
    'may have to approve each write; a denied write changes nothing: do not retry it unchanged.',
  WORKSPACE_PATHS_RULE,
].join('\n\n');

const writeFileArgsSchema = z.object({
  path: filePathArg,
  content: z.string().check(z.describe('The whole new content of the file.')),
}) satisfies z.ZodMiniType<{ path: string; content: string }>;

export const writeFileSignature = {
  name: WRITE_FILE_TOOL_NAME,
  description: WRITE_FILE_DESCRIPTION,
  args: writeFileArgsSchema,
  asksApproval: true,
} as const;
