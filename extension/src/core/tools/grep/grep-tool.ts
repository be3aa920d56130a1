// grep: lines matching a regular expression in a workspace file or below a folder,
// with the ignore files' meaning (walk.ts, ignore-rules.ts: ripgrep's defaults). Two
// engines, one result: ripgrep when there is one (rg-search.ts; every line it reports
// is read again through the workspace's confinement and matched with RE2, unless rg
// and RE2 read the pattern alike: shared-syntax.ts), else the
// JavaScript engine (js-search.ts). Patterns run on RE2 (linear-regex.ts): linear time
// whatever the pattern. On a workspace with this machine's paths the search runs on
// grep's worker thread (search-thread.ts), never on the caller's event loop; on a
// virtual one (VS Code's workspace.fs) the JavaScript engine runs here, yielding
// between blocks. Capped on matches, not on files searched.
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
  noMatchesText,
} from './grep-text';
import { ripgrepLocator, type RipgrepLocator } from './ripgrep';
import type { SearchResult } from './run-search';
import type { SearchOutcome, SearchRequest } from './search-messages';
import { searchOnThread, warmSearchThread } from './search-thread';
import { grepSignature } from './grep-signature';

export * from './grep-text';

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
