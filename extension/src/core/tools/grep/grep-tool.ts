// grep: lines matching a regular expression in a workspace file or below a folder.
// Text files only (binary and oversized files are skipped), symbolic links are not
// followed, .git and node_modules are skipped, and the matches are capped. Patterns
// run on RE2 (linear-regex.ts): linear time whatever the pattern; long files are
// matched in slices that yield to the event loop, so Stop is heard mid-file. A line
// longer than MAX_SEARCHED_LINE_CHARS (a minified bundle, a data dump) is not
// searched, and the result says so: one RE2 call cannot be sliced, so a long line
// holds the loop for its whole match, and a line too large for the engine's wasm heap
// aborts it.
import * as z from 'zod/mini';
import { noSuchPathMessage } from '../list-files/list-files-tool';
import { MAX_TEXT_FILE_BYTES } from '../text-file';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import { decodeText, looksBinary, SKIPPED_FOLDERS, walk } from '../walk';
import { compileLinear, loadLinearEngine, type LineMatcher, isPatternError } from './linear-regex';
import type { Redactor } from '../tool-env';
import type { Workspace } from '../workspace';

export const GREP_TOOL_NAME = 'grep';
export const MAX_GREP_MATCHES = 200;
export const MAX_MATCH_LINE_CHARS = 300;
export const MAX_GREP_FILES = 20_000;

export const GREP_DESCRIPTION = [
  "Search the workspace for lines matching a regular expression (RE2 syntax: like JavaScript's without backreferences or lookaround; case-sensitive: for either case use `(?i)foo` or a class such as `[Ff]oo`). Searches one file, or every text file below a folder (default: the whole workspace).",
  `Each match comes back as \`<path>:<line>: <text>\` with the path relative to the workspace folder. Binary files, files over ${MAX_TEXT_FILE_BYTES} bytes, symbolic links and the ${SKIPPED_FOLDERS.join(' and ')} folders are skipped. At most ${MAX_GREP_MATCHES} matches are returned, from at most ${MAX_GREP_FILES} files; a search that stops early says so.`,
].join('\n\n');

export const grepArgsSchema = z.object({
  pattern: z.string().check(z.minLength(1), z.describe('A regular expression (RE2 syntax), without slashes or flags.')),
  path: z
    .exactOptional(z.string())
    .check(z.describe('A file or folder, relative to the workspace folder (default: the workspace folder).')),
}) satisfies z.ZodMiniType<{ pattern: string; path?: string }>;

export const grepSignature = {
  name: GREP_TOOL_NAME,
  description: GREP_DESCRIPTION,
  args: grepArgsSchema,
  asksApproval: false,
} as const;

export const invalidPatternMessage = (detail: string): string => `invalid pattern: ${detail}`;
export const noMatchesText = (pattern: string, where: string): string => `No matches for /${pattern}/ in ${where}.`;
export const grepCutText = (max: number): string => `[stopped at ${max} matches; narrow the pattern or the path]`;
/** Said instead of "No matches" too: the files after the cap were never searched. */
export const grepFilesCutText = (max: number): string =>
  `[stopped after ${max.toLocaleString('en-US')} files: results are partial; narrow the path]`;
/** Longest line handed to RE2: a short hold of the loop, and its UTF-8 fits the engine's heap many times. */
export const MAX_SEARCHED_LINE_CHARS = 256 * 1024;
export const longLinesText = (count: number, first: string): string =>
  `[not searched: ${count} line${count === 1 ? '' : 's'} longer than ${MAX_SEARCHED_LINE_CHARS} characters (first: ${first})]`;

export const GREP_STOPPED_MESSAGE = 'the search was stopped by the user';
/** How long one synchronous slice of matching may hold the event loop. */
const SLICE_MS = 15;
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Characters matched between two looks at the clock (a few ms of RE2). */
const CHARS_PER_CLOCK_CHECK = 64 * 1024;

export interface FileMatches {
  lines: string[];
  /** Lines longer than MAX_SEARCHED_LINE_CHARS, not searched: how many, and the first as `path:line`. */
  long: { count: number; first: string } | null;
}

/**
 * The matching lines of one file's text, as result lines. Matches in slices of at
 * most ~SLICE_MS (the clock is read every 256 lines or 64 K characters, whichever
 * comes first) and yields between them; returns null when `signal` stops it.
 */
export async function matchLines(
  text: string,
  re: LineMatcher,
  display: string,
  room: number,
  signal?: AbortSignal,
): Promise<FileMatches | null> {
  const out: string[] = [];
  let longCount = 0;
  let longFirst = '';
  let sliceStart = Date.now();
  let charsSinceCheck = 0;
  let at = 0;
  for (let i = 0; at <= text.length && out.length < room; i++) {
    if ((i & 255) === 0 || charsSinceCheck > CHARS_PER_CLOCK_CHECK) {
      charsSinceCheck = 0;
      if (Date.now() - sliceStart > SLICE_MS) {
        await yieldToLoop();
        if (signal?.aborted) return null;
        sliceStart = Date.now();
      }
    }
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(at, end - 1) : text.slice(at, end);
    at = end + 1;
    if (nl === -1 && line === '' && i > 0) break; // the final newline ends the last line
    if (line.length > MAX_SEARCHED_LINE_CHARS) {
      if (longCount++ === 0) longFirst = `${display}:${i + 1}`;
      continue;
    }
    charsSinceCheck += line.length;
    if (!re.test(line)) continue;
    out.push(
      `${display}:${i + 1}: ${line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line}`,
    );
  }
  return { lines: out, long: longCount === 0 ? null : { count: longCount, first: longFirst } };
}

/** `redactor`: secrets removed from each file's whole text before matching (no match on a secret, no cut through one). */
export function createGrepTool(workspace: Workspace, redactor?: Redactor): ToolDefinition {
  return checkedTool(grepSignature, async (args, ctx) => {
    const { pattern } = args;
    await loadLinearEngine();
    let re: LineMatcher;
    try {
      re = compileLinear(pattern);
    } catch (error) {
      if (isPatternError(error)) return errorResult(invalidPatternMessage(error.message));
      throw error;
    }
    const userPath = args.path ?? '.';
    const target = await workspace.resolve(userPath);
    if (!target.ok) return errorResult(target.message);
    if (target.stat === null) return errorResult(noSuchPathMessage(userPath));
    const files: { abs: string; display: string }[] = [];
    let filesCut = false;
    if (target.stat.kind === 'file') files.push({ abs: target.real, display: target.display });
    else if (target.stat.kind === 'directory') {
      for await (const e of walk(workspace, target.real, ctx.signal)) {
        if (e.kind !== 'file' || e.symlink) continue;
        if (files.length === MAX_GREP_FILES) {
          filesCut = true;
          break;
        }
        files.push({ abs: e.abs, display: target.display === '.' ? e.rel : `${target.display}/${e.rel}` });
      }
    }
    const out: string[] = [];
    let cut = false;
    let longCount = 0;
    let longFirst = '';
    for (const file of files) {
      if (ctx.signal.aborted) return errorResult(GREP_STOPPED_MESSAGE);
      const stat = await workspace.fs.stat(file.abs);
      if (stat === null || stat.size > MAX_TEXT_FILE_BYTES) continue;
      let data: Uint8Array;
      try {
        data = await workspace.readFile(file.abs);
      } catch {
        continue; // gone, unreadable, or refused once opened (outside, a link, hard-linked): skipped
      }
      if (data.byteLength > MAX_TEXT_FILE_BYTES || looksBinary(data)) continue;
      const text = decodeText(data);
      const found = await matchLines(
        redactor ? redactor.redact(text) : text,
        re,
        file.display,
        MAX_GREP_MATCHES + 1 - out.length,
        ctx.signal,
      );
      if (found === null) return errorResult(GREP_STOPPED_MESSAGE);
      out.push(...found.lines);
      if (found.long) {
        if (longCount === 0) longFirst = found.long.first;
        longCount += found.long.count;
      }
      if (out.length > MAX_GREP_MATCHES) {
        out.length = MAX_GREP_MATCHES;
        cut = true;
        break;
      }
    }
    const notes = [
      ...(cut ? [grepCutText(MAX_GREP_MATCHES)] : filesCut ? [grepFilesCutText(MAX_GREP_FILES)] : []),
      ...(longCount ? [longLinesText(longCount, longFirst)] : []),
    ];
    if (out.length === 0 && !filesCut)
      return { isError: false, content: [noMatchesText(pattern, target.display), ...notes].join('\n') };
    return { isError: false, content: [...out, ...notes].join('\n') };
  });
}
