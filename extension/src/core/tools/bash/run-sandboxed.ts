// One command as the bash tool (and an ACP agent's terminal) runs it: in the sandbox
// the choice asks for when it can run (sandbox.ts, sandbox/prepare.ts), in its own
// process group (process-group.ts). Loaded lazily, as its own bundle
// (dist/bash-run.js; LAZY_MODULES in scripts/lazy-bundles.mjs), at the first command:
// the sandbox's set-up is not on activation's path.
import { runInProcessGroup, type ShellRunOptions, type ShellRunResult } from './process-group';
import { DEFAULT_SANDBOX, probeSandbox, type SandboxPolicy, type SandboxRun, sayOnce } from './sandbox';
import { prepareSandbox } from './sandbox/prepare';
import type { Workspace } from '../workspace';

export interface SandboxChoice {
  workspace: Workspace;
  /** Default: sandbox `auto`, no network. */
  sandbox?: SandboxPolicy;
  /**
   * Told once per process, with the reason, when the sandbox was
   * wanted and cannot run (the host shows sandboxUnavailableMessage).
   */
  onSandboxUnavailable?: (reason: string) => void;
}

/** Whether a command runs sandboxed: null when not (off, or unavailable: then the host is told once). */
async function sandboxFor(options: SandboxChoice): Promise<SandboxRun | null> {
  const policy = options.sandbox ?? DEFAULT_SANDBOX;
  if (policy.mode === 'off') return null;
  const probe = await probeSandbox();
  if (!probe.available) {
    sayOnce(options.onSandboxUnavailable, probe.reason);
    return null;
  }
  return prepareSandbox(policy, await options.workspace.realRoot());
}

/**
 * One command: resolves once it is gone and the sandbox released, with the lines that
 * end its output (what the release moved out).
 */
export async function runSandboxed(
  choice: SandboxChoice,
  run: Omit<ShellRunOptions, 'sandbox'>,
): Promise<{ run: ShellRunResult; afterwards: readonly string[] }> {
  const sandbox = await sandboxFor(choice);
  let afterwards: readonly string[] = [];
  const result = await runInProcessGroup({ ...run, sandbox }).finally(async () => {
    afterwards = (await sandbox?.release()) ?? [];
  });
  return { run: result, afterwards };
}
