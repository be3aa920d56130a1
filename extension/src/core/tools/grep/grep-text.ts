// grep's limits and the exact strings of its results (models and tests read them),
// shared by the tool, its worker thread and both engines.

export const MAX_GREP_MATCHES = 200;
const MAX_MATCH_LINE_CHARS = 300;
/** Longest line handed to RE2: a short hold of the engine, and its UTF-8 fits the engine's heap many times. */
export const MAX_SEARCHED_LINE_CHARS = 256 * 1024;

export const invalidPatternMessage = (detail: string): string => `invalid pattern: ${detail}`;
export const noMatchesText = (pattern: string, where: string): string => `No matches for /${pattern}/ in ${where}.`;
export const grepCutText = (max: number): string => `[stopped at ${max} matches; narrow the pattern or the path]`;
export const longLinesText = (count: number, first: string): string =>
  `[not searched: ${count} line${count === 1 ? '' : 's'} longer ` +
  `than ${MAX_SEARCHED_LINE_CHARS} characters (first: ${first})]`;
export const GREP_STOPPED_MESSAGE = 'the search was stopped by the user';

/** One result line: `path:line: text`, the text cut at MAX_MATCH_LINE_CHARS. */
export function matchLine(display: string, line: number, text: string): string {
  return `${display}:${line}: ${text.length > MAX_MATCH_LINE_CHARS ? `${text.slice(0, MAX_MATCH_LINE_CHARS)}…` : text}`;
}
