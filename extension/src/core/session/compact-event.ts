// The `context/compact` event: the model's own summary of the conversation up to
// `upToSeq`, written when the history no longer fits the model's window (or on
// demand). It is NOT a surface event: deriveMessages() starts from the latest one
// (the summary, then every surface event after `upToSeq`), so the events it covers
// stay in the log, untouched, for the transcript, the plan and `check`.
import * as z from 'zod/mini';

export const contextCompactSchema = z.strictObject({
  /** The last event the summary covers: the latest turn/start, step/end, turn/end or context/compact before it. */
  upToSeq: z.number().check(z.int(), z.minimum(1)),
  /** The model's summary of everything up to `upToSeq` (non-empty). */
  summary: z.string().check(z.minLength(1)),
});
