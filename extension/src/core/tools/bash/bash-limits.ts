// Resource limits for each sandboxed bash command (agentChecklist.tools.bash.limits):
// a fork bomb or a runaway allocation inside the sandbox must not take the host down.
// `processes` is RLIMIT_NPROC (processes and threads of the user at once),
// `memoryMiB` RLIMIT_DATA (the memory a process may allocate: its heap and private
// writable mappings) and `addressSpaceMiB` RLIMIT_AS (all it may map, reservations too).
// RLIMIT_AS also counts inaccessible reservations: V8 reserves about 10 GiB of guard
// regions for each WebAssembly memory, so under WASM_GUARD_MIB Node's own fetch() (and
// any wasm tool) fails unless its trap handler is off, which the sandbox then does for
// a Node that can (sandbox/inside.ts). Runtimes that reserve more than they use
// (Chromium, wasmtime) need addressSpaceMiB raised.
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

export const DEFAULT_BASH_LIMITS: BashLimits = { processes: 512, memoryMiB: 4096, addressSpaceMiB: 4096 };

/** Below this address space V8's WebAssembly reservation fails with its trap handler on. */
export const WASM_GUARD_MIB = 16384;

/** The limits in force: the setting's fields over the defaults. */
export const bashLimitsOf = (setting: BashLimitsSetting): BashLimits => ({
  processes: setting.processes ?? DEFAULT_BASH_LIMITS.processes,
  memoryMiB: setting.memoryMiB ?? DEFAULT_BASH_LIMITS.memoryMiB,
  addressSpaceMiB: setting.addressSpaceMiB ?? DEFAULT_BASH_LIMITS.addressSpaceMiB,
});
