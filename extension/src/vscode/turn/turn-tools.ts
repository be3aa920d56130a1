// The tools one turn gets in the extension, from the settings: the core's tool set
// (agent/tool-set.ts) over VS Code's workspace file system, VS Code's workspace
// trust, the session's Approvals (the Agent view asks; auto-approve is a setting),
// and subagents that run with the SAME provider instance and write their logs to
// the same store (their streamed text is not shown: their logs are). Without a folder open, the tools that act on a
// workspace are left out (there is nothing to confine them to) and the log says so.
import * as vscode from 'vscode';
import type { ModelProvider } from '../../core/agent/provider';
import type { SubagentObserver } from '../../core/agent/subagent-run';
import { buildToolRegistry, isToolSetError, type ToolSetOptions } from '../../core/agent/tool-set';
import { subagentRunner } from '../../core/agent/subagent-runner';
import type { DisposableStore } from '../../core/disposable';
import type { ApprovalLog } from '../../core/tools/approval-log';
import type { Approvals } from '../../core/tools/approvals';
import type { ToolRegistry } from '../../core/tools/registry';
import { toolCatalog } from '../../core/tools/built-in';
import { bashLimitsOf } from '../../core/tools/bash/bash-limits';
import { SANDBOX_UNAVAILABLE_TEMPLATE, sandboxUnavailableMessage } from '../../core/tools/bash/sandbox';
import type { SessionStore } from '../../core/store/session-store';
import type { AgentSettings } from '../host/settings';
import { vscodeRipgrepCandidates } from '../../core/tools/grep/ripgrep';
import { NodeWorkspaceFs } from '../../core/tools/node-workspace-fs';
import { VscodeWorkspaceFs } from './vscode-workspace-fs';
import { brandedError } from '../../core/error-brand';

/** Why a tool cannot run here, from what its descriptor needs; null when it can. */
function leftOutBecause(name: string, folder: vscode.Uri | undefined): string | null {
  const needs = toolCatalog.get(name)?.needs ?? [];
  if (needs.includes('workspace') && folder === undefined) return 'no folder is open';
  if (needs.includes('local-process') && folder !== undefined && folder.scheme !== 'file')
    return 'the folder is not on a local disk';
  return null;
}

export interface TurnToolsOptions {
  settings: AgentSettings;
  /** The first workspace folder; undefined when none is open. */
  workspaceFolder: vscode.Uri | undefined;
  approvals: Approvals;
  /** Subagents' logs are watched by it while open, so their calls' decisions land on their own logs. */
  approvalLog: ApprovalLog;
  provider: ModelProvider;
  store: SessionStore;
  observer: SubagentObserver;
  log: vscode.LogOutputChannel;
  /** The turn's system prompt and context window, which subagents share. */
  turnContext?: { system: string; context: { window: number; threshold: number } };
}

/** Thrown when the settings ask for a tool set the core refuses; the message is for the user. */
class ToolSettingsError extends brandedError('ToolSettingsError') {
  override name = 'ToolSettingsError';
}

/**
 * How tools act on the workspace, from the settings, for our agent's tools and an ACP
 * agent's use of ours alike: VS Code's workspace trust (read at each call), the
 * environment kept (agentChecklist.tools.env.keep), the protected paths, and bash's
 * sandbox; a sandbox that cannot run is logged and shown once.
 */
export function workspaceToolPolicy(
  settings: AgentSettings,
  log: vscode.LogOutputChannel,
): Required<Pick<ToolSetOptions, 'trusted' | 'environment' | 'protectedPaths' | 'sandbox' | 'onSandboxUnavailable'>> {
  return {
    trusted: () => vscode.workspace.isTrusted,
    environment: { keep: settings.envKeep },
    protectedPaths: settings.protectedPaths,
    sandbox: {
      mode: settings.bashSandbox,
      network: settings.bashNetwork,
      limits: bashLimitsOf(settings.bashLimits),
      protectedGlobs: settings.protectedPaths,
    },
    onSandboxUnavailable: (reason) => {
      log.warn(sandboxUnavailableMessage(reason));
      void vscode.window.showWarningMessage(vscode.l10n.t(SANDBOX_UNAVAILABLE_TEMPLATE, reason));
    },
  };
}

export function buildTurnTools(options: TurnToolsOptions): { registry: ToolRegistry; owned: DisposableStore } {
  const { settings, workspaceFolder } = options;
  // The enabled built-ins, then every tool registered through the extension's API (vscode/public-api.ts).
  let names: readonly string[] = [...new Set([...settings.enabledTools, ...toolCatalog.registered()])];
  const local = workspaceFolder?.scheme === 'file';
  const unavailable = names.flatMap((n) => {
    const reason = leftOutBecause(n, workspaceFolder);
    return reason === null ? [] : [`${n} (${reason})`];
  });
  if (unavailable.length) {
    options.log.info(`tools left out: ${unavailable.join(', ')}`);
    names = names.filter((n) => leftOutBecause(n, workspaceFolder) === null);
  }
  const cwd = workspaceFolder ? (local ? workspaceFolder.fsPath : workspaceFolder.path) : undefined;
  try {
    return buildToolRegistry({
      tools: names,
      allowParallelInProgress: settings.allowParallelInProgress,
      ...(cwd === undefined ? {} : { cwd }),
      // file: folders use the core's descriptor-verified node fs (see vscode-workspace-fs.ts for why).
      ...(workspaceFolder ? { fs: local ? new NodeWorkspaceFs() : new VscodeWorkspaceFs(workspaceFolder) } : {}),
      approvals: options.approvals,
      ripgrep: vscodeRipgrepCandidates(vscode.env.appRoot),
      ...workspaceToolPolicy(settings, options.log),
      secrets: options.provider.secretValues?.() ?? [],
      subagents: subagentRunner({
        provider: options.provider,
        sessions: options.approvalLog.children(options.store),
        maxSteps: settings.maxSteps,
        ...(cwd === undefined ? {} : { cwd }),
        ...(options.turnContext ? { system: options.turnContext.system, context: options.turnContext.context } : {}),
        observer: options.observer,
      }),
    });
  } catch (error) {
    if (isToolSetError(error)) throw new ToolSettingsError(`agentChecklist.tools.enabled: ${error.message}`);
    throw error;
  }
}
