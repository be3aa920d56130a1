// The items' checks of a CLI `run` with our agent (issue 52): the core runner
// (core/tools/bash/item-check-runner.ts) over the run's session, with what `run` gives
// bash (cliToolPolicy: sandbox auto, no network unless --bash-network, the environment
// without its secrets), the default timeout. The turn waits on it before each request;
// after the turn the checks still running finish (Ctrl+C cancels them) before the report.
import type { Session } from '../core/session/session';
import { DEFAULT_CHECK_TIMEOUT_SECONDS } from '../core/session/check-events';
import { ItemCheckRunner } from '../core/tools/bash/item-check-runner';
import { Redactor, toolEnvironment } from '../core/tools/tool-env';
import { NodeWorkspaceFs } from '../core/tools/node-workspace-fs';
import { Workspace } from '../core/tools/workspace';
import { visibleControls } from '../core/terminal-text';
import { cliToolPolicy, type AgentConfig } from './agent-runtime';
import type { CliIo } from './io';

/** Runs `body` with the session's check runner; the runner's checks are settled (or cancelled) after it. */
export async function withItemChecks<T>(
  io: CliIo,
  config: AgentConfig,
  root: string,
  session: Session,
  signal: AbortSignal,
  body: (checks: ItemCheckRunner) => Promise<T>,
): Promise<T> {
  const policy = cliToolPolicy(io, config.flags, config.keyVariable);
  const env = toolEnvironment(policy.environment.base ?? io.env, policy.environment);
  const runner = new ItemCheckRunner(session, {
    run: () => ({
      workspace: new Workspace(root, new NodeWorkspaceFs()),
      sandbox: policy.sandbox,
      onSandboxUnavailable: policy.onSandboxUnavailable,
      timeoutMs: DEFAULT_CHECK_TIMEOUT_SECONDS * 1000,
      env: env.env,
      redactor: new Redactor([...env.droppedValues, ...(config.provider.secretValues?.() ?? [])]),
    }),
    onResult: (ref, outcome) => {
      const how = outcome.cancelled ? 'cancelled' : outcome.timedOut ? 'timed out' : `exit ${outcome.exitCode}`;
      const verdict = outcome.exitCode === 0 ? 'passed' : 'failed';
      io.err(visibleControls(`check of ${JSON.stringify(ref.item)}: ${ref.command}: ${verdict} (${how})`));
    },
    onError: (error) => io.err(`agent-checklist: a check's result was not recorded: ${String(error)}`),
  });
  const stop = (): void => runner.cancel();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const result = await body(runner);
    if (signal.aborted) runner.cancel();
    await runner.settled();
    return result;
  } finally {
    signal.removeEventListener('abort', stop);
    runner.dispose();
  }
}
