// One grep search as its worker thread (search-worker.ts, started by search-thread.ts)
// is asked it and answers it. Both sides validate what they receive.
import * as z from 'zod/mini';

const searchRequestSchema = z.strictObject({
  /** The workspace root's real path. */
  root: z.string(),
  /** The file or folder searched (a real path inside the root) and how results name it. */
  start: z.string(),
  display: z.string(),
  startKind: z.enum(['file', 'directory']),
  pattern: z.string(),
  includeIgnored: z.boolean(),
  /** ripgrep's executable; null: the JavaScript engine. */
  rg: z.nullable(z.string()),
  /** Values redacted from every line before it is matched. */
  secrets: z.array(z.string()),
  maxMatches: z.number(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

const searchOutcomeSchema = z.strictObject({
  /** Result lines (`path:line: text`), in path then line order, at most maxMatches. */
  lines: z.array(z.string()),
  /** More matched than maxMatches. */
  cut: z.boolean(),
  /** Lines not tested for their length: how many, and the first as `path:line`. */
  long: z.nullable(z.strictObject({ count: z.number(), first: z.string() })),
  engine: z.enum(['ripgrep', 'javascript']),
});
export type SearchOutcome = z.infer<typeof searchOutcomeSchema>;

/** A search asked, or the search `stop` stopped (the thread answers it no more). */
export const searchAskSchema = z.union([
  z.strictObject({ id: z.number(), request: searchRequestSchema }),
  z.strictObject({ stop: z.number() }),
]);
export type SearchAsk = z.infer<typeof searchAskSchema>;

/** The outcome, RE2's reason to refuse the pattern, or why the search failed. */
export const searchReplySchema = z.union([
  z.strictObject({ id: z.number(), outcome: searchOutcomeSchema }),
  z.strictObject({ id: z.number(), invalidPattern: z.string() }),
  z.strictObject({ id: z.number(), error: z.string() }),
]);
export type SearchReply = z.infer<typeof searchReplySchema>;
