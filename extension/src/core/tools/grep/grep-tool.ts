// grep: lines matching a regular expression in a workspace file or below a folder,
// with the ignore files' meaning (walk.ts, ignore-rules.ts: ripgrep's defaults). Two
// engines, one result: ripgrep when there is one (rg-search.ts; every line it reports
// is read again through the workspace's confinement and matched with RE2), else the
// JavaScript engine (js-search.ts). Patterns run on RE2 (linear-regex.ts): linear time
// whatever the pattern. On a workspace with this machine's paths the search runs on
// grep's worker thread (search-thread.ts), never on the caller's event loop; on a
// virtual one (VS Code's workspace.fs) the JavaScript engine runs here, yielding
// between blocks. Capped on matches, not on files searched.
import * as z from 'zod/mini';
import { noSuchPathMessage } from '../list-files/list-files-tool';
import { checkedTool, errorResult, type ToolDefinition, type ToolResult } from '../tool';
import type { Redactor } from '../tool-env';
import type { Workspace } from '../workspace';
import {
  GREP_STOPPED_MESSAGE,
  grepCutText,
  invalidPatternMessage,
  longLinesText,
  MAX_GREP_MATCHES,
  MAX_SEARCHED_LINE_CHARS,
  noMatchesText,
} from './grep-text';
import { ripgrepLocator, type RipgrepLocator } from './ripgrep';
import type { SearchResult } from './run-search';
import type { SearchOutcome, SearchRequest } from './search-messages';
import { searchOnThread, warmSearchThread } from './search-thread';

export * from './grep-text';

export const GREP_TOOL_NAME = 'grep';

export const GREP_DESCRIPTION = [
  "Search the workspace for lines matching a regular expression (RE2 syntax: like JavaScript's without backreferences or lookaround; case-sensitive: for either case use `(?i)foo` or a class such as `[Ff]oo`). Searches one file, or every text file below a folder (default: the whole workspace).",
  `Each match comes back as \`<path>:<line>: <text>\` with the path relative to the workspace folder. Like ripgrep (and git), a folder search leaves out what the workspace's ignore files leave out (\`.gitignore\` files, \`.ignore\`, \`.git/info/exclude\`, git's global excludes file) and hidden files and folders (names starting with \`.\`); pass \`includeIgnored: true\` to search those too, or name an ignored file or folder as \`path\`. \`.git\` is never searched. Binary files and symbolic links are skipped; lines longer than ${MAX_SEARCHED_LINE_CHARS} characters are not searched, and the result says so. At most ${MAX_GREP_MATCHES} matches are returned; a search that stops early says so.`,
].join('\n\n');

export const grepArgsSchema = z.object({
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

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function resultOf(outcome: SearchOutcome, pattern: string, where: string): ToolResult {
  const notes = [
    ...(outcome.cut ? [grepCutText(MAX_GREP_MATCHES)] : []),
    ...(outcome.long ? [longLinesText(outcome.long.count, outcome.long.first)] : []),
  ];
  const found = outcome.lines.length === 0 ? [noMatchesText(pattern, where)] : outcome.lines;
  return { isError: false, content: [...found, ...notes].join('\n') };
}

/**
 * `redactor`: secrets removed from each line before it is matched (no match on a
 * secret, no cut through one). `ripgrep`: where rg is (default: on PATH).
 */
export function createGrepTool(
  workspace: Workspace,
  redactor?: Redactor,
  ripgrep: RipgrepLocator = ripgrepLocator(),
): ToolDefinition {
  if (workspace.fs.nativePaths === true) {
    warmSearchThread();
    void ripgrep(); // looked up once per process: found before the first search asks
  }
  return checkedTool(grepSignature, async (args, ctx) => {
    const userPath = args.path ?? '.';
    const target = await workspace.resolve(userPath);
    if (!target.ok) return errorResult(target.message);
    if (target.stat === null) return errorResult(noSuchPathMessage(userPath));
    const startKind = target.stat.kind;
    if (startKind === 'other') return { isError: false, content: noMatchesText(args.pattern, target.display) };
    const native = workspace.fs.nativePaths === true;
    const request: SearchRequest = {
      root: await workspace.realRoot(),
      start: target.real,
      display: target.display,
      startKind,
      pattern: args.pattern,
      includeIgnored: args.includeIgnored === true,
      rg: native ? await ripgrep() : null,
      secrets: [...(redactor?.values ?? [])],
      maxMatches: MAX_GREP_MATCHES,
    };
    const result: SearchResult | 'stopped' = native
      ? await searchOnThread(request, ctx.signal)
      : await (await import('./in-process-search')).runSearch(workspace, request, ctx.signal, yieldToLoop);
    if (result === 'stopped' || ctx.signal.aborted) return errorResult(GREP_STOPPED_MESSAGE);
    if (!result.ok) return errorResult(invalidPatternMessage(result.invalidPattern));
    return resultOf(result.outcome, args.pattern, target.display);
  });
}
