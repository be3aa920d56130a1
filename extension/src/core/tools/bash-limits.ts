// Resource limits for each sandboxed bash command (agentChecklist.tools.bash.limits):
// a fork bomb or a runaway allocation inside the sandbox must not take the host down.
// `processes` is RLIMIT_NPROC (processes and threads of the user at once) and
// `addressSpaceMiB` RLIMIT_AS (virtual memory per process).
import * as z from 'zod/mini';

/** The setting as written: either field may be left out (its default applies). */
export const bashLimitsSettingSchema = z.readonly(
  z.strictObject({
    processes: z.optional(z.number().check(z.int(), z.minimum(16), z.maximum(65536))),
    addressSpaceMiB: z.optional(z.number().check(z.int(), z.minimum(256), z.maximum(1048576))),
  }),
);

export type BashLimitsSetting = z.infer<typeof bashLimitsSettingSchema>;
export interface BashLimits {
  readonly processes: number;
  readonly addressSpaceMiB: number;
}

export const DEFAULT_BASH_LIMITS: BashLimits = { processes: 512, addressSpaceMiB: 4096 };

/** The limits in force: the setting's fields over the defaults. */
export const bashLimitsOf = (setting: BashLimitsSetting): BashLimits => ({
  processes: setting.processes ?? DEFAULT_BASH_LIMITS.processes,
  addressSpaceMiB: setting.addressSpaceMiB ?? DEFAULT_BASH_LIMITS.addressSpaceMiB,
});
