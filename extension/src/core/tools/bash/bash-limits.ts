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

// 16 GiB, not less: V8 reserves about 10 GiB of address space for WebAssembly memory, so
// below 12 GiB Node's own fetch() (and any wasm tool) fails inside the sandbox.
export const DEFAULT_BASH_LIMITS: BashLimits = { processes: 512, addressSpaceMiB: 16384 };

/** The limits in force: the setting's fields over the defaults. */
export const bashLimitsOf = (setting: BashLimitsSetting): BashLimits => ({
  processes: setting.processes ?? DEFAULT_BASH_LIMITS.processes,
  addressSpaceMiB: setting.addressSpaceMiB ?? DEFAULT_BASH_LIMITS.addressSpaceMiB,
});
