// The log's schema of `tool/result.details`: structured data a tool reports beside
// the text the model reads, named by its tool. The log checks only that shape; the
// tool's own descriptor (`details` in tools/<tool>/descriptor.ts) checks the rest
// where its presenter reads it, so a tool added later needs no change here. An ACP
// agent's call keeps ACP's own fields (`acpCallDetailsSchema`), which the plan's
// evidence and the call's row read back.
import * as z from 'zod/mini';

const toolResultDetailsSchema = z.looseObject({ tool: z.string() });

/** `{ tool, ...what that tool reports }`; each tool's own type comes from its descriptor's `details` schema. */
export type ToolResultDetails = z.infer<typeof toolResultDetailsSchema>;

/** As a `tool/result` field: absent in older logs and for tools that report no data. */
export const toolResultDetailsField = z.exactOptional(toolResultDetailsSchema);

/** The `details.tool` of an ACP agent's call (acp-client/acp-call-details.ts writes them: ACP's own fields). */
export const ACP_CALL_DETAILS_TOOL = 'acp';

export const acpCallDetailsSchema = z.object({
  tool: z.literal(ACP_CALL_DETAILS_TOOL),
  title: z.string(),
  kind: z.exactOptional(z.string()),
  status: z.exactOptional(z.string()),
  locations: z.exactOptional(z.array(z.object({ path: z.string(), line: z.exactOptional(z.number()) }))),
  diffs: z.exactOptional(z.array(z.object({ path: z.string(), oldText: z.nullable(z.string()), newText: z.string() }))),
});
export type AcpCallDetails = z.infer<typeof acpCallDetailsSchema>;
