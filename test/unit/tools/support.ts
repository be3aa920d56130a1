// Helpers for the workspace tool tests: a real temp workspace on disk (with a
// sibling folder outside it, for escape attempts), approvals, tool contexts.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  Approvals,
  type ApprovalDecision,
  type ApprovalGate,
  type ApprovalRequest,
} from '../../../extension/src/core/tools/approvals';
import { NodeWorkspaceFs } from '../../../extension/src/core/tools/node-workspace-fs';
import { sandboxArgv } from '../../../extension/src/core/tools/bash/sandbox';
import type { ToolContext } from '../../../extension/src/core/tools/tool';
import { Workspace } from '../../../extension/src/core/tools/workspace';
import { tempDir } from '../support/sessions';

export interface TempWorkspace {
  /** The workspace root. */
  root: string;
  /** A folder beside the root (outside the workspace) holding `secret.txt`. */
  outside: string;
  workspace: Workspace;
  file(rel: string, content: string): string;
  read(rel: string): string;
}

export function tempWorkspace(): TempWorkspace {
  const base = tempDir('agent-checklist-ws-');
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret\n');
  const file = (rel: string, content: string): string => {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
    return p;
  };
  return {
    root,
    outside,
    workspace: new Workspace(root, new NodeWorkspaceFs()),
    file,
    read: (rel) => fs.readFileSync(path.join(root, rel), 'utf8'),
  };
}

/** A gate that answers from a list and records what it was asked. */
export function recordingGate(...answers: ApprovalDecision[]): ApprovalGate & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    request: async (request) => {
      asked.push(request);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`the test gate was asked more often than expected: ${request.summary}`);
      return answer;
    },
  };
}

/** Approvals that ask a recording gate answering `answers` in order. */
export function approvalsWith(...answers: ApprovalDecision[]): {
  approvals: Approvals;
  gate: ReturnType<typeof recordingGate>;
} {
  const gate = recordingGate(...answers);
  return { approvals: new Approvals({ gate }), gate };
}

export const autoApprovals = (): Approvals => new Approvals({ gate: null, autoApprove: true });

export function ctx(signal: AbortSignal = new AbortController().signal, callId = 'call_1'): ToolContext {
  return { signal, callId };
}

/** Polls `condition` until it holds (a readiness wait, not a timed assertion); fails after `limitMs`. */
export async function waitFor(condition: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether `pid` is a live process (a zombie, dead but not yet reaped, counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: kill(0) succeeded, so it is there
  }
}

/**
 * Live (non-zombie) processes whose command line contains `marker`, by host pid. Works
 * for sandboxed commands too (there `$!` is a pid of the sandbox's own namespace).
 */
/**
 * Live processes whose command line is exactly `command` (e.g. `sleep 30.31`): the
 * command itself running, not a shell, bwrap or agent that only carries it in its
 * arguments. Wait for these before killing, or the kill can land while the sandbox
 * is still being set up.
 */
export function pidsRunning(command: string): number[] {
  return pidsOf(command).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ') === command;
    } catch {
      return false;
    }
  });
}

/** Live processes whose command line contains `marker` (the command and whatever carries it in its arguments). */
export function pidsOf(marker: string): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes(marker) && isAlive(Number(name))) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * `true` as bash runs a command in its sandbox (sandboxArgv: bwrap and the script inside it), with no
 * read-only mounts, cgroup or notes, and limits roomy enough that no Node is asked about its flags.
 */
function sandboxedTrue(root: boolean): string[] {
  const limits = { processes: 512, memoryMiB: 4096, addressSpaceMiB: 16384 };
  const release = () => Promise.resolve([]);
  const run = { writable: '/', network: false, limits, root, readOnly: [], cgroupProcs: null, notes: [], release };
  return sandboxArgv(run, '/', 'true').argv;
}

/**
 * Why the sandbox tests cannot run here, or false: what the tool's check (probeSandbox) asks, whether bwrap
 * runs, made synchronously so tests can be skipped at definition.
 */
export function sandboxSkip(): string | false {
  if (process.platform !== 'linux') return `bubblewrap is Linux only (this is ${process.platform})`;
  const [bwrap, ...args] = sandboxedTrue(process.getuid?.() === 0);
  const run = spawnSync(bwrap!, args, { encoding: 'utf8' });
  if (run.error) return `bwrap could not start (${run.error.message})`;
  return run.status === 0 ? false : `bwrap was refused (${run.stderr.trim().split('\n')[0]})`;
}

/**
 * Why the same sandbox tests cannot also run as an unprivileged user (nobody, through
 * setpriv), or false; `what` names them in the skip line printed at definition.
 */
export function unprivilegedSandboxSkip(what: string): string | false {
  const reason = ((): string | false => {
    const skip = sandboxSkip();
    if (skip) return skip;
    if (process.getuid?.() !== 0) return 'the tests already run unprivileged (the half above)';
    const probe = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...sandboxedTrue(false)], {
      encoding: 'utf8',
    });
    if (probe.error) return `setpriv could not start (${probe.error.message})`;
    return probe.status === 0 ? false : `bwrap cannot run as nobody here (${probe.stderr.trim().split('\n')[0]})`;
  })();
  if (reason) console.log(`# skipped: the unprivileged ${what} (${reason})`);
  return reason;
}

/**
 * Points the sandbox's quarantine (protected paths a command created, moved out of the
 * workspace: sandbox/quarantine.ts) at a folder of this test file's own, beside the
 * temp workspaces (same file system), instead of the user's ~/.local/state. Call at
 * the top of a test file; returns the quarantine's real path.
 */
export function isolateQuarantine(): string {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-state-'));
  process.env['XDG_STATE_HOME'] = state;
  process.on('exit', () => fs.rmSync(state, { recursive: true, force: true }));
  return path.join(fs.realpathSync(state), 'agent-checklist', 'quarantine');
}
