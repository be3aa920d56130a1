// The log's schema of `tool/result.details`: structured data a tool reports beside
// the text the model reads, named by its tool. The log checks only that shape; the
// tool's own descriptor (`details` in tools/<tool>/descriptor.ts) checks the rest
// where its presenter reads it, so a tool added later needs no change here.
import * as z from 'zod/mini';

export const toolResultDetailsSchema = z.looseObject({ tool: z.string() });

/** `{ tool, ...what that tool reports }`; each tool's own type comes from its descriptor's `details` schema. */
export type ToolResultDetails = z.infer<typeof toolResultDetailsSchema>;

/** As a `tool/result` field: absent in older logs and for tools that report no data. */
export const toolResultDetailsField = z.exactOptional(toolResultDetailsSchema);
