// grep: lines matching a regular expression in a workspace file or below a folder.
// Text files only (binary and oversized files are skipped), symbolic links are not
// followed, .git and node_modules are skipped, and the matches are capped.
import * as z from 'zod/mini';
import type { Disposable } from '../disposable';
import { noSuchPathMessage } from './list-files-tool';
import type { ToolRegistry } from './registry';
import { MAX_TEXT_FILE_BYTES } from './text-file';
import { errorResult, parseArguments, toParameters, type ToolDefinition, type ToolResult } from './tool';
import { decodeText, looksBinary, SKIPPED_FOLDERS, walk } from './walk';
import type { Workspace } from './workspace';

export const GREP_TOOL_NAME = 'grep';
export const MAX_GREP_MATCHES = 200;
export const MAX_MATCH_LINE_CHARS = 300;
export const MAX_GREP_FILES = 20_000;

export const GREP_DESCRIPTION = [
  'Search the workspace for lines matching a regular expression (JavaScript syntax, case-sensitive: for either case use a class such as `[Ff]oo`). Searches one file, or every text file below a folder (default: the whole workspace).',
  `Each match comes back as \`<path>:<line>: <text>\` with the path relative to the workspace folder. Binary files, files over ${MAX_TEXT_FILE_BYTES} bytes, symbolic links and the ${SKIPPED_FOLDERS.join(' and ')} folders are skipped. At most ${MAX_GREP_MATCHES} matches are returned.`,
].join('\n\n');

export const grepArgsSchema = z.object({
  pattern: z.string().check(z.minLength(1), z.describe('A JavaScript regular expression, without slashes or flags.')),
  path: z.exactOptional(z.string()).check(z.describe('A file or folder, relative to the workspace folder (default: the workspace folder).')),
}) satisfies z.ZodMiniType<{ pattern: string; path?: string }>;

export const invalidPatternMessage = (detail: string): string => `invalid pattern: ${detail}`;
export const noMatchesText = (pattern: string, where: string): string => `No matches for /${pattern}/ in ${where}.`;
export const grepCutText = (max: number): string => `[stopped at ${max} matches; narrow the pattern or the path]`;

/** Pure: the matching lines of one file's text, as result lines. */
export function matchLines(text: string, re: RegExp, display: string, room: number): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < room; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (!re.test(line)) continue;
    out.push(`${display}:${i + 1}: ${line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line}`);
  }
  return out;
}

export function createGrepTool(workspace: Workspace): ToolDefinition {
  return {
    name: GREP_TOOL_NAME,
    description: GREP_DESCRIPTION,
    parameters: toParameters(grepArgsSchema),
    presentCall: (args) => ({ title: 'Search files', rawInput: args }),
    async execute(args, ctx): Promise<ToolResult> {
      const parsed = parseArguments(grepArgsSchema, args);
      if (!parsed.ok) return errorResult(parsed.message);
      const { pattern } = parsed.value;
      let re: RegExp;
      try {
        re = new RegExp(pattern);
      } catch (error) {
        return errorResult(invalidPatternMessage(error instanceof Error ? error.message : String(error)));
      }
      const userPath = parsed.value.path ?? '.';
      const target = await workspace.resolve(userPath);
      if (!target.ok) return errorResult(target.message);
      if (target.stat === null) return errorResult(noSuchPathMessage(userPath));
      const files: { abs: string; display: string }[] = [];
      if (target.stat.kind === 'file') files.push({ abs: target.real, display: target.display });
      else if (target.stat.kind === 'directory') {
        for await (const e of walk(workspace.fs, target.real, ctx.signal)) {
          if (e.kind !== 'file' || e.symlink) continue;
          files.push({ abs: e.abs, display: target.display === '.' ? e.rel : `${target.display}/${e.rel}` });
          if (files.length === MAX_GREP_FILES) break;
        }
      }
      const out: string[] = [];
      let cut = false;
      for (const file of files) {
        if (ctx.signal.aborted) return errorResult('the search was stopped by the user');
        const stat = await workspace.fs.stat(file.abs);
        if (stat === null || stat.size > MAX_TEXT_FILE_BYTES) continue;
        const data = await workspace.fs.readFile(file.abs);
        if (looksBinary(data)) continue;
        out.push(...matchLines(decodeText(data), re, file.display, MAX_GREP_MATCHES + 1 - out.length));
        if (out.length > MAX_GREP_MATCHES) {
          out.length = MAX_GREP_MATCHES;
          cut = true;
          break;
        }
      }
      if (out.length === 0) return { isError: false, content: noMatchesText(pattern, target.display) };
      if (cut) out.push(grepCutText(MAX_GREP_MATCHES));
      return { isError: false, content: out.join('\n') };
    },
  };
}

export function registerGrepTool(registry: ToolRegistry, workspace: Workspace): Disposable {
  return registry.register(createGrepTool(workspace));
}
