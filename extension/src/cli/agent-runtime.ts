// Our agent as the CLI runs it, set up once for every command that runs turns (`run`,
// `acp`): the flags that choose the model, the tools and their policy are checked
// here (usage errors), and a workspace's tool set is built from them with the
// approval gate the command has (a terminal prompt, an ACP client, none).
import type { ModelProvider } from '../core/agent/provider';
import { resolveContextWindow } from '../core/agent/context-window';
import { DEFAULT_MAX_STEPS } from '../core/agent/turn-options';
import { buildSystemPrompt, type WorkspaceEnvironment } from '../core/agent/system-prompt';
import { buildToolRegistry, isToolSetError, type ToolSetOptions } from '../core/agent/tool-set';
import type { SubagentObserver } from '../core/agent/subagent-run';
import { subagentRunner } from '../core/agent/subagent-runner';
import type { Disposable } from '../core/disposable';
import { toolCatalog } from '../core/tools/built-in';
import { TODO_WRITE_TOOL_NAME } from '../core/tools/todo-write/todo-write-view';
import { SessionStore } from '../core/store/session-store';
import { Approvals, type ApprovalGate } from '../core/tools/approvals';
import { ApprovalLog } from '../core/tools/approval-log';
import type { ToolRegistry } from '../core/tools/registry';
import { sandboxUnavailableMessage } from '../core/tools/bash/sandbox';
import { createCliProvider, keyVariableOf, type ProviderFlags } from './provider-factory';
import { parseBool, sessionFolder } from './session-flags';
import { UsageError } from './usage';
import type { CliIo } from './io';
import { cliWorkspaceEnvironment } from './workspace-env';

/** The flags of a command that runs our agent (`run`, `acp`). */
export interface AgentFlags extends ProviderFlags {
  sessionDir?: string;
  allowParallelInProgress?: string;
  tools?: string;
  maxSteps?: string;
  /** The model's context window in tokens (0: the provider's known default). */
  contextWindow?: string;
  /** Auto-approve every call that needs approval. */
  yes?: boolean;
  /** Comma-separated variable names bash keeps although they look secret (--keep-env). */
  keepEnv?: string;
  /** Network inside bash's sandbox (--bash-network). */
  bashNetwork?: boolean;
}

/** The agent the flags chose: one per process, shared by its sessions. */
export interface AgentConfig {
  flags: AgentFlags;
  tools: string[];
  allowParallel: boolean | undefined;
  maxSteps: number;
  provider: ModelProvider;
  keyVariable: string | undefined;
  window: number;
  store: SessionStore;
}

export const UNATTENDED_HINT = 'run with --yes to auto-approve, or from a terminal to be asked';

export function agentConfig(io: CliIo, flags: AgentFlags, beforeProvider: () => void = () => {}): AgentConfig {
  const tools =
    flags.tools === undefined
      ? toolCatalog.names()
      : flags.tools
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
  const allowParallel = parseBool('--allow-parallel-in-progress', flags.allowParallelInProgress);
  if (tools.includes(TODO_WRITE_TOOL_NAME) && allowParallel === undefined) {
    throw new UsageError('--allow-parallel-in-progress true|false is required when todo_write is enabled');
  }
  const maxSteps = flags.maxSteps === undefined ? DEFAULT_MAX_STEPS : Number(flags.maxSteps);
  if (!Number.isInteger(maxSteps) || maxSteps < 1)
    throw new UsageError(`--max-steps must be a whole number of at least 1 (got ${JSON.stringify(flags.maxSteps)})`);
  const windowSetting = flags.contextWindow === undefined ? 0 : Number(flags.contextWindow);
  if (!Number.isInteger(windowSetting) || windowSetting < 0) {
    throw new UsageError(
      `--context-window must be a whole number of tokens, 0 for the provider's default ` +
        `(got ${JSON.stringify(flags.contextWindow)})`,
    );
  }
  beforeProvider();
  const provider = createCliProvider(flags, io);
  const window = resolveContextWindow(windowSetting, provider);
  return {
    flags,
    tools,
    allowParallel,
    maxSteps,
    provider,
    keyVariable: keyVariableOf(flags),
    window,
    store: new SessionStore(sessionFolder(io, flags.sessionDir)),
  };
}

/** One workspace's tools, prompt and approval log; `owned` ends the tools' processes. */
export interface AgentWorkspace {
  root: string;
  env: WorkspaceEnvironment;
  system: string;
  tools: ToolRegistry;
  approvalLog: ApprovalLog;
  owned: Disposable;
}

export interface WorkspaceOptions {
  /** Who is asked about calls that need approval; null: no one (refused unless --yes). */
  gate: ApprovalGate | null;
  /** Where the subagents' logs go (default: the config's session folder). */
  store?: SessionStore;
  /** Subagents starting and ending (the CLI's progress lines). */
  subagentObserver?: SubagentObserver;
}

/**
 * How the tools of a CLI run act on the workspace, for our agent's tools and an ACP
 * agent's use of ours alike: trusted (the user chose the folder), commands get the
 * environment minus its secrets (--keep-env keeps names; `keyVariable`, the provider's
 * key, always goes), sandboxed without network unless --bash-network.
 */
export function cliToolPolicy(
  io: CliIo,
  flags: AgentFlags,
  keyVariable?: string,
): Required<Pick<ToolSetOptions, 'trusted' | 'environment' | 'sandbox' | 'onSandboxUnavailable'>> {
  return {
    trusted: true,
    environment: {
      base: io.env,
      ...(keyVariable === undefined ? {} : { keyVariable }),
      ...(flags.keepEnv === undefined
        ? {}
        : {
            keep: flags.keepEnv
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean),
          }),
    },
    sandbox: { mode: 'auto', network: flags.bashNetwork === true },
    onSandboxUnavailable: (reason) => io.err(`agent-checklist: ${sandboxUnavailableMessage(reason)}`),
  };
}

export async function agentWorkspace(
  io: CliIo,
  config: AgentConfig,
  root: string,
  options: WorkspaceOptions,
): Promise<AgentWorkspace> {
  const { flags, provider, keyVariable } = config;
  const env = await cliWorkspaceEnvironment(root);
  const system = buildSystemPrompt(env);
  const approvalLog = new ApprovalLog();
  const approvals = new Approvals({
    gate: options.gate,
    autoApprove: flags.yes === true,
    unattendedHint: UNATTENDED_HINT,
    onDecision: approvalLog.onDecision,
  });
  try {
    const toolSet = buildToolRegistry({
      tools: config.tools,
      ...(config.allowParallel === undefined ? {} : { allowParallelInProgress: config.allowParallel }),
      cwd: root,
      approvals,
      ...cliToolPolicy(io, flags, keyVariable),
      secrets: provider.secretValues?.() ?? [],
      subagents: subagentRunner({
        provider,
        sessions: approvalLog.children(options.store ?? config.store),
        maxSteps: config.maxSteps,
        cwd: root,
        system,
        context: { window: config.window },
        ...(options.subagentObserver === undefined ? {} : { observer: options.subagentObserver }),
      }),
    });
    return { root, env, system, tools: toolSet.registry, approvalLog, owned: toolSet.owned };
  } catch (error) {
    if (isToolSetError(error)) throw new UsageError(error.message);
    throw error;
  }
}
