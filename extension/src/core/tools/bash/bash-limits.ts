// Resource limits for each sandboxed bash command (agentChecklist.tools.bash.limits):
// a fork bomb or a runaway allocation inside the sandbox must not take the host down.
// `processes` is RLIMIT_NPROC (processes and threads of the user at once),
// `memoryMiB` RLIMIT_DATA (the memory a process may allocate: its heap and private
// writable mappings) and `addressSpaceMiB` RLIMIT_AS (all it may map, reservations too).
// Memory is capped by RLIMIT_DATA because RLIMIT_AS also counts the inaccessible
// reservations V8 makes for WebAssembly (guard regions of several GiB): an address-space
// cap low enough to bound memory breaks Node's own fetch() and any wasm tool.
import * as z from 'zod/mini';

/** The setting as written: either field may be left out (its default applies). */
export const bashLimitsSettingSchema = z.readonly(
  z.strictObject({
    processes: z.optional(z.number().check(z.int(), z.minimum(16), z.maximum(65536))),
    memoryMiB: z.optional(z.number().check(z.int(), z.minimum(256), z.maximum(1048576))),
    addressSpaceMiB: z.optional(z.number().check(z.int(), z.minimum(256), z.maximum(1048576))),
  }),
);

export type BashLimitsSetting = z.infer<typeof bashLimitsSettingSchema>;
export interface BashLimits {
  readonly processes: number;
  readonly memoryMiB: number;
  readonly addressSpaceMiB: number;
}

// Address space 16 GiB, not less: V8 reserves about 10 GiB of address space for
// WebAssembly memory, so below 12 GiB Node's own fetch() (and any wasm tool) fails.
export const DEFAULT_BASH_LIMITS: BashLimits = { processes: 512, memoryMiB: 4096, addressSpaceMiB: 16384 };

/** The limits in force: the setting's fields over the defaults. */
export const bashLimitsOf = (setting: BashLimitsSetting): BashLimits => ({
  processes: setting.processes ?? DEFAULT_BASH_LIMITS.processes,
  memoryMiB: setting.memoryMiB ?? DEFAULT_BASH_LIMITS.memoryMiB,
  addressSpaceMiB: setting.addressSpaceMiB ?? DEFAULT_BASH_LIMITS.addressSpaceMiB,
});
