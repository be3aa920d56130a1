// One grep search, wherever it runs (grep's worker thread, or the host's loop for a
// virtual workspace): ripgrep when there is one and the workspace has this machine's
// paths, else (or when rg cannot run the pattern) the JavaScript engine.
import { Redactor } from '../tool-env';
import type { Workspace } from '../workspace';
import { searchWithJs } from './js-search';
import { compileLinear, isPatternError, type LineMatcher } from './linear-regex';
import type { LineFilter } from './line-scan';
import { isPlainLiteral, requiredLiteral } from './required-literal';
import { searchWithRipgrep } from './rg-search';
import { sharedSyntax } from './shared-syntax';
import type { SearchOutcome, SearchRequest } from './search-messages';
import { REDACTED } from '../tool-env';

export type SearchResult = { ok: true; outcome: SearchOutcome } | { ok: false; invalidPattern: string };

/**
 * A plain literal is a substring test (RE2 would match the same lines); any other
 * pattern is compiled by RE2: now, or at its first line (`lazy`: a pattern RE2 accepts).
 */
function matcherOf(pattern: string, lazy: boolean): LineMatcher {
  if (isPlainLiteral(pattern)) return { test: (line) => line.includes(pattern) };
  if (!lazy) return compileLinear(pattern);
  let compiled: LineMatcher | null = null;
  return { test: (line) => (compiled ??= compileLinear(pattern)).test(line) };
}

/**
 * Lines are redacted one at a time, so a secret that spans lines (a PEM key) is also
 * removed line by line; a literal the redaction mark holds cannot prefilter (a line
 * may hold it only once redacted). A pattern ripgrep and RE2 read alike (shared-syntax.ts)
 * is compiled only when a line needs RE2, so a search whose lines rg vouches for never
 * loads it.
 */
function lineFilter(pattern: string, secrets: readonly string[]): LineFilter {
  const redactor = new Redactor(secrets.flatMap((s) => [s, ...s.split(/\r?\n/)]));
  const literal = requiredLiteral(pattern);
  const usable = literal !== null && !(redactor.values.length > 0 && REDACTED.includes(literal));
  const shared = sharedSyntax(pattern);
  return {
    matcher: matcherOf(pattern, shared),
    ripgrepAgrees: shared,
    redact: redactor.empty ? (line) => line : (line) => redactor.redact(line),
    literal: usable ? Buffer.from(literal, 'utf8') : null,
  };
}

/**
 * With ripgrep, rg is started first and the pattern compiled while it searches (RE2's
 * load is the search's largest fixed cost; none for a literal, or a pattern rg and RE2
 * read alike, whose lines rg vouches for); a pattern RE2 refuses stops it.
 */
export async function runSearch(
  workspace: Workspace,
  request: SearchRequest,
  signal?: AbortSignal,
  pause?: () => Promise<void>,
): Promise<SearchResult> {
  let filter: LineFilter | null = null;
  const makeFilter = (): LineFilter => (filter ??= lineFilter(request.pattern, request.secrets));
  try {
    if (request.rg !== null && workspace.fs.nativePaths === true) {
      const outcome = await searchWithRipgrep(request.rg, workspace, request, makeFilter, signal);
      if (outcome !== 'unusable') return { ok: true, outcome };
    }
    return { ok: true, outcome: await searchWithJs(workspace, request, makeFilter(), signal, pause) };
  } catch (error) {
    if (isPatternError(error)) return { ok: false, invalidPattern: error.message };
    throw error;
  }
}
