// Resource limits for each sandboxed bash command (agentChecklist.tools.bash.limits):
// a fork bomb or a runaway allocation inside the sandbox must not take the host down.
// `processes` is RLIMIT_NPROC (processes and threads of the user at once) and
// `addressSpaceMiB` RLIMIT_AS (virtual memory per process).
import * as z from 'zod/mini';

export const bashLimitsSchema = z.readonly(
  z.object({
    processes: z.number().check(z.int(), z.minimum(16), z.maximum(65536)),
    addressSpaceMiB: z.number().check(z.int(), z.minimum(256), z.maximum(1048576)),
  }),
);

export type BashLimits = z.infer<typeof bashLimitsSchema>;

export const DEFAULT_BASH_LIMITS: BashLimits = { processes: 512, addressSpaceMiB: 4096 };
