// The ACP agent's child process (acp-agent-process.ts): spawned in its own process
// group, its stderr's tail kept for error messages, and closed group and all: stdin
// is closed, the group gets SIGTERM, then SIGKILL once the group is empty or 2 s have
// passed (for what is left), and close resolves when the group is empty. The built-in
// Codex gets its plan tool's override here, from the config as it is at the start.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AcpAgentLaunch } from './agent-catalog';
import { codexPlanToolArgs } from '../codex-plan-tool';

const KILL_GRACE_MS = 2_000;
const STDERR_TAIL_BYTES = 4_000;

export interface AgentChild {
  readonly process: ChildProcess;
  /** The last few kilobytes the agent wrote to stderr. */
  tail(): string;
  /** Settles when the process has ended, with how. */
  readonly exited: Promise<string>;
  /** Settles when its stderr has been read to the end. */
  readonly stderrRead: Promise<void>;
}

/** The message, followed by the agent's stderr's tail when it wrote any. */
export function withTail(message: string, tail: string): string {
  const t = tail.trim();
  return t === '' ? message : `${message}; its stderr ends:\n${t}`;
}

export function spawnAgentChild(
  launch: AcpAgentLaunch,
  options: { cwd: string; env: Readonly<Record<string, string | undefined>> },
): AgentChild {
  const env = { ...options.env, ...launch.env };
  const args = launch.codexPlanTool === true ? [...launch.args, ...codexPlanToolArgs(env)] : launch.args;
  const child: ChildProcess = spawn(launch.command, args, {
    cwd: options.cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  const stderrRead = new Promise<void>((resolve) => child.stderr!.once('close', () => resolve()));
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) =>
      resolve(`${launch.title} could not be started (${launch.command}): ${error.message}`),
    );
    child.once('exit', (code, signal) =>
      resolve(signal === null ? `${launch.title} exited with code ${code}` : `${launch.title} was ended by ${signal}`),
    );
  });
  return { process: child, tail: () => tail, exited, stderrRead };
}

/** Resolves once no process is left in group `pgid` (or after `limitMs`, when one is stuck in the kernel). */
async function groupGone(pgid: number | undefined, limitMs: number): Promise<void> {
  if (pgid === undefined) return;
  const until = Date.now() + limitMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Closes the connection and ends the agent's process group; every call returns the same promise. */
export function agentCloser(agent: AgentChild, connection: { close(): void }): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const child = agent.process;
  return () =>
    (closing ??= (async () => {
      connection.close();
      child.stdin!.destroy();
      killGroup(child.pid, 'SIGTERM');
      // The whole group, not only the leader, gets the grace: the agent's own CLI
      // (Claude's under claude-agent-acp) writes its session history as it ends, and
      // a later session/load reads that history.
      await groupGone(child.pid, KILL_GRACE_MS);
      killGroup(child.pid, 'SIGKILL');
      await agent.exited;
      await groupGone(child.pid, KILL_GRACE_MS);
    })());
}
