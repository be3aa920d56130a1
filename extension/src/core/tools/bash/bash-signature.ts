// bash's arguments (what a call is checked against) and their bounds, apart from its
// implementation (bash-tool.ts) so that the tool's descriptor (descriptor.ts) needs none
// of it: the implementation loads with the first tool set built (core/tools/tool-runs.ts).
import * as z from 'zod/mini';

export const DEFAULT_BASH_TIMEOUT_MS = 120_000;
export const MAX_BASH_TIMEOUT_MS = 600_000;

export const bashArgsSchema = z.object({
  command: z.string().check(z.minLength(1), z.describe('The command line, run as `bash -c <command>`.')),
  timeout_ms: z
    .exactOptional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_BASH_TIMEOUT_MS)))
    .check(z.describe(`Milliseconds before the command is killed (default ${DEFAULT_BASH_TIMEOUT_MS}).`)),
}) satisfies z.ZodMiniType<{ command: string; timeout_ms?: number }>;
