// The log's schema of `tool/result.details` (types in bash-view.ts, where the bash
// presenter reads them). zod/mini, as new schemas are.
import * as z from 'zod/mini';
import type { BashExit, ToolResultDetails } from './bash/bash-view';

const bashExitSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('exited'), code: z.number().check(z.int()) }),
  z.strictObject({ kind: z.literal('killed'), signal: z.string() }),
  z.strictObject({ kind: z.literal('timed-out'), timeoutMs: z.number().check(z.int(), z.minimum(1)) }),
  z.strictObject({ kind: z.literal('stopped') }),
]) satisfies z.ZodMiniType<BashExit>;

export const toolResultDetailsSchema = z.discriminatedUnion('tool', [z.strictObject({ tool: z.literal('bash'), exit: bashExitSchema })]) satisfies z.ZodMiniType<ToolResultDetails>;

/** As a `tool/result` field: absent in older logs and for tools that report no data. */
export const toolResultDetailsField = z.exactOptional(toolResultDetailsSchema);
