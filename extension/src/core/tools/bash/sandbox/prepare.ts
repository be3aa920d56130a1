// Everything one sandboxed command needs that must exist before it is spawned: the
// read-only mounts (descriptors, placeholders), the snapshot of what is protected
// (quarantine.ts) and, for root, its pids cgroup. The caller spawns it with
// sandboxArgv (sandbox.ts) and calls release() once the command is gone, whatever way
// it ended, and ends the command's output with the lines release() returns.
import { DEFAULT_BASH_LIMITS } from '../bash-limits';
import { isGlobError } from '../../glob';
import { protectedPaths, SANDBOX_READ_ONLY } from '../../protected-paths';
import type { SandboxPolicy, SandboxRun } from '../sandbox';
import { makePidsCgroup, noPidsLimitNote, type PidsCgroup } from './pids-cgroup';
import { quarantineCreated, snapshotProtected } from './quarantine';
import { planReadOnlyMounts } from './read-only-mounts';

let toldNoPidsLimit = false;

/** The sandbox for one command in `writable` (the workspace's real path); `root` is whether the agent runs as uid 0. */
export async function prepareSandbox(
  policy: SandboxPolicy,
  writable: string,
  root = process.getuid?.() === 0,
): Promise<SandboxRun> {
  const limits = policy.limits ?? DEFAULT_BASH_LIMITS;
  const notes: string[] = [];
  let rules = protectedPaths();
  try {
    rules = protectedPaths(policy.protectedGlobs ?? []);
  } catch (error) {
    if (!isGlobError(error)) throw error;
    notes.push(
      `[sandbox: agentChecklist.tools.protectedPaths has a malformed glob ` +
        `(${error.message}): only the built-in protected paths are read-only]`,
    );
  }
  const plan = await planReadOnlyMounts(writable, SANDBOX_READ_ONLY, rules);
  notes.push(...plan.notes);
  let cgroup: PidsCgroup | null = null;
  if (root) {
    const made = makePidsCgroup(limits.processes);
    if ('dir' in made) cgroup = made;
    else if (!toldNoPidsLimit) {
      toldNoPidsLimit = true;
      notes.push(noPidsLimitNote(made.reason));
    }
  }
  const snapshot = snapshotProtected(writable, rules, [...SANDBOX_READ_ONLY.keys()], plan.walk);
  let released = false;
  return {
    writable,
    network: policy.network,
    limits,
    root,
    readOnly: plan.mounts,
    cgroupProcs: cgroup?.procs ?? null,
    notes,
    async release() {
      if (released) return [];
      released = true;
      try {
        await cgroup?.remove(); // first: no sandbox process is left to make more, nor when the placeholders go
        return await quarantineCreated(snapshot).catch((error: unknown) => [
          `[sandbox: could not look for protected paths this command created ` +
            `(${error instanceof Error ? error.message : String(error)}): a nested ` +
            `.git, .vscode or protectedPaths match it made may still be there]`,
        ]);
      } finally {
        plan.release();
      }
    },
  };
}
