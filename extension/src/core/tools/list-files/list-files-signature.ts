// list_files's name, description and arguments (what the model is offered and a call
// is checked against), apart from its implementation (list-files-tool.ts) so that the tool's
// descriptor (descriptor.ts) needs none of it: the implementation loads with the first
// tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';

export const LIST_FILES_TOOL_NAME = 'list_files';
export const MAX_LISTED_ENTRIES = 1000;
/** Entries a glob walk visits at most, so a huge tree cannot stall the turn. */
export const MAX_WALKED_ENTRIES = 100_000;

const LIST_FILES_DESCRIPTION = [
  "List a folder of the workspace. Without glob: the folder's own entries, one level " +
    '(folders end with `/`). With glob: every file below the folder whose path matches, at ' +
    'any depth (`*.ts` matches file names; a pattern with `/` such as `src/**/*.test.ts` ' +
    'matches the path relative to the folder; `**`, `*`, `?`, `{a,b}` and `[abc]` work).',
  `Paths come back relative to the workspace folder. What the workspace's ignore files leave out ` +
    `(\`.gitignore\` files, \`.ignore\`, \`.git/info/exclude\`, git's global excludes file: as ripgrep ` +
    `and git read them) and hidden entries (names starting with \`.\`) are not listed and their ` +
    `folders not searched; the listing says how many entries it left out. Pass \`includeIgnored: ` +
    `true\` to list them too, or name an ignored folder as \`path\`. \`.git\` is never listed; ` +
    `symbolic links to folders are not followed. At most ${MAX_LISTED_ENTRIES} entries are returned, ` +
    `and a glob examines at most ${MAX_WALKED_ENTRIES} entries; a listing that stops early says so.`,
].join('\n\n');

const listFilesArgsSchema = z.object({
  path: z
    .exactOptional(z.string())
    .check(z.describe('The folder, relative to the workspace folder (default: the workspace folder).')),
  glob: z
    .exactOptional(z.string().check(z.minLength(1)))
    .check(z.describe('Only files whose path matches this glob, at any depth.')),
  includeIgnored: z
    .exactOptional(z.boolean())
    .check(z.describe('Also list what ignore files leave out, and hidden entries (default: false).')),
}) satisfies z.ZodMiniType<{ path?: string; glob?: string; includeIgnored?: boolean }>;

export const listFilesSignature = {
  name: LIST_FILES_TOOL_NAME,
  description: LIST_FILES_DESCRIPTION,
  args: listFilesArgsSchema,
  asksApproval: false,
} as const;
