// grep's name, description and arguments (what the model is offered and a call
// is checked against), apart from its implementation (grep-tool.ts) so that the tool's
// descriptor (descriptor.ts) needs none of it: the implementation loads with the first
// tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';
import { MAX_GREP_MATCHES, MAX_SEARCHED_LINE_CHARS } from './grep-text';

const GREP_TOOL_NAME = 'grep';

const GREP_DESCRIPTION = [
  "Search the workspace for lines matching a regular expression (RE2 syntax: like JavaScript's without " +
    'backreferences or lookaround; case-sensitive: for either case use `(?i)foo` or a class such as ' +
    '`[Ff]oo`). Searches one file, or every text file below a folder (default: the whole workspace).',
  `Each match comes back as \`<path>:<line>: <text>\` with the path relative to the workspace folder. ` +
    `Like ripgrep (and git), a folder search leaves out what the workspace's ignore files leave out ` +
    `(\`.gitignore\` files, \`.ignore\`, \`.git/info/exclude\`, git's global excludes file) and hidden ` +
    `files and folders (names starting with \`.\`); pass \`includeIgnored: true\` to search those too, or ` +
    `name an ignored file or folder as \`path\`. \`.git\` is never searched. Binary files and symbolic ` +
    `links are skipped; lines longer than ${MAX_SEARCHED_LINE_CHARS} characters are not searched, and the ` +
    `result says so. At most ${MAX_GREP_MATCHES} matches are returned; a search that stops early says so.`,
].join('\n\n');

const grepArgsSchema = z.object({
  pattern: z.string().check(z.minLength(1), z.describe('A regular expression (RE2 syntax), without slashes or flags.')),
  path: z
    .exactOptional(z.string())
    .check(z.describe('A file or folder, relative to the workspace folder (default: the workspace folder).')),
  includeIgnored: z
    .exactOptional(z.boolean())
    .check(z.describe('Also search what ignore files leave out, and hidden files (default: false).')),
}) satisfies z.ZodMiniType<{ pattern: string; path?: string; includeIgnored?: boolean }>;

export const grepSignature = {
  name: GREP_TOOL_NAME,
  description: GREP_DESCRIPTION,
  args: grepArgsSchema,
  asksApproval: false,
} as const;
