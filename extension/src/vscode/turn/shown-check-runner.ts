// The shown session's check runner (core/tools/bash/item-check-runner.ts) with what bash
// gets from the settings: required by shown-checks.ts when a session this window writes,
// in a local folder, is shown (a lazy module, LAZY_MODULES in scripts/lazy-bundles.mjs),
// so the runner, the sandbox and the workspace's file access are not loaded at start.
import type * as vscode from 'vscode';
import type { ItemChecksState } from '../../core/plan/item-checks';
import type { Session } from '../../core/session/session';
import { ItemCheckRunner } from '../../core/tools/bash/item-check-runner';
import { NodeWorkspaceFs } from '../../core/tools/node-workspace-fs';
import { Redactor, toolEnvironment } from '../../core/tools/tool-env';
import { Workspace } from '../../core/tools/workspace';
import type { AgentSettings } from '../host/settings';
import { workspaceToolPolicy } from './turn-tools';

export interface CheckRunnerStart {
  settings: () => AgentSettings;
  log: vscode.LogOutputChannel;
  /** The checks' fold so far. */
  initial: ItemChecksState;
  onChange: () => void;
  /** A followed session's log path: its checks are recorded in its checks side log. */
  side?: string;
}

export function startCheckRunner(session: Session, root: string, options: CheckRunnerStart): ItemCheckRunner {
  const { settings, log } = options;
  return new ItemCheckRunner(session, {
    initial: options.initial,
    run: () => {
      const policy = workspaceToolPolicy(settings(), log);
      const env = toolEnvironment(process.env, policy.environment);
      return {
        workspace: new Workspace(root, new NodeWorkspaceFs()),
        sandbox: policy.sandbox,
        onSandboxUnavailable: policy.onSandboxUnavailable,
        timeoutMs: settings().checksTimeoutSeconds * 1000,
        env: env.env,
        redactor: new Redactor(env.droppedValues),
      };
    },
    defaultCommand: () => settings().checksDefault,
    ...(options.side === undefined ? {} : { side: options.side }),
    onChange: options.onChange,
    onResult: (ref, outcome) =>
      log.info(`check of ${JSON.stringify(ref.item)} in ${session.id}: exit ${outcome.exitCode}`),
    onError: (error) => log.warn(`a check's result was not recorded on ${session.id}: ${String(error)}`),
  });
}
