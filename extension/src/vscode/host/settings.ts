// The extension's settings (contributes.configuration in package.json), read and
// validated in one place. A value of the wrong shape falls back to the default and
// is reported, so a typo in settings.json never breaks activation.
// Settings that widen what the agent may do, or choose where the key and commands go,
// are `"scope": "application"` in package.json, and are read here from the user's
// own settings only (`inspect().globalValue`): a workspace's .vscode/settings.json,
// which the model or a cloned repository may have written, never sets them.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { DEFAULT_COMPACT_THRESHOLD } from '../../core/agent/context-window';
import { DEFAULT_MAX_STEPS } from '../../core/agent/turn-options';
import { BUILT_IN_TOOLS } from '../../core/tools/built-in';
import { SANDBOX_MODES } from '../../core/tools/bash/sandbox-modes';
import { bashLimitsSettingSchema } from '../../core/tools/bash/bash-limits';
import { DEFAULT_CHECK_TIMEOUT_SECONDS } from '../../core/session/check-events';
import { FOLLOWED_AGENT_IDS } from '../../core/import/followed-agents';
import { acpAgentsSchema } from '../../core/acp-client/agent-catalog';
import { REMOTE_PROVIDER_IDS } from '../../core/agent/providers/remote-catalog';

/** agentChecklist.agent's value for our own agent (any other value is an ACP agent's id). */
export const BUILTIN_AGENT = 'builtin';

const SETTINGS_SECTION = 'agentChecklist';
const PROVIDER_IDS = ['demo', 'scripted', ...REMOTE_PROVIDER_IDS, 'vscode-lm'] as const;

const FOLLOW_EXTERNAL = ['latest', 'off'] as const;

/**
 * One setting, written once: its key under agentChecklist, its schema (a value that fails it falls back to `fallback`,
 * reported), and whether only the user's own value counts (application-scoped; package.json says so too, a test checks
 * it).
 */
interface Setting<T> {
  readonly key: string;
  readonly schema: z.ZodMiniType<T>;
  readonly fallback: T;
  readonly userOnly: boolean;
}

const setting = <T>(key: string, schema: z.ZodMiniType<T>, fallback: NoInfer<T>, scope?: 'user-only'): Setting<T> => ({
  key,
  schema,
  fallback,
  userOnly: scope === 'user-only',
});

const SETTINGS = {
  /** `builtin`, or the id of an ACP agent (built-in or in acpAgents). */
  agent: setting('agent', z.string().check(z.minLength(1)), BUILTIN_AGENT, 'user-only'),
  /** ACP agents by id, merged over the built-in ones. */
  acpAgents: setting('acpAgents', acpAgentsSchema, {}, 'user-only'),
  provider: setting('provider', z.enum(PROVIDER_IDS), 'demo'),
  /** As written in settings; relative paths are resolved against the first workspace folder. */
  scriptPath: setting('scripted.scriptPath', z.string(), '', 'user-only'),
  allowParallelInProgress: setting('todo.allowParallelInProgress', z.boolean(), true),
  maxSteps: setting('maxSteps', z.number().check(z.int(), z.minimum(1), z.maximum(1000)), DEFAULT_MAX_STEPS),
  /** Tokens, 0 = the model's own or known window. */
  contextWindow: setting('contextWindow', z.number().check(z.int(), z.minimum(0)), 0),
  /** Compact before a request would pass this fraction of the window. */
  compactThreshold: setting(
    'compactThreshold',
    z.number().check(z.minimum(0.1), z.maximum(0.95)),
    DEFAULT_COMPACT_THRESHOLD,
  ),
  /** Run bash and file changes without asking. */
  autoApprove: setting('tools.autoApprove', z.boolean(), false, 'user-only'),
  /** The tools a session gets, by name. */
  enabledTools: setting('tools.enabled', z.readonly(z.array(z.enum(BUILT_IN_TOOLS))), BUILT_IN_TOOLS),
  bashSandbox: setting('tools.bash.sandbox', z.enum(SANDBOX_MODES), 'auto', 'user-only'),
  bashNetwork: setting('tools.bash.network', z.boolean(), false, 'user-only'),
  envKeep: setting('tools.env.keep', z.readonly(z.array(z.string())), [], 'user-only'),
  bashLimits: setting('tools.bash.limits', bashLimitsSettingSchema, {}, 'user-only'),
  /** Globs added to the built-in protected paths. */
  protectedPaths: setting('tools.protectedPaths', z.readonly(z.array(z.string())), [], 'user-only'),
  /** Follow sessions written outside this window when they write a plan. */
  followExternal: setting('followExternal', z.enum(FOLLOW_EXTERNAL), 'latest'),
  /** The agents whose own session files are followed for the open folders ([] = none). */
  followAgents: setting('followAgents', z.readonly(z.array(z.enum(FOLLOWED_AGENT_IDS))), FOLLOWED_AGENT_IDS),
  /** Notify when a turn ends or an approval waits while the Agent view is out of sight. */
  notifications: setting('notifications', z.boolean(), true),
  /** Minutes of log silence with an item in progress before the status bar warns; 0 = never. */
  stallMinutes: setting('stallMinutes', z.number().check(z.minimum(0), z.maximum(1440)), 10),
  /** Each turn of our agent plans first and waits for the user's decision on its plan. */
  planFirst: setting('planFirst', z.boolean(), false),
  /** With plan first: a model write that adds or rewords items after the approval asks again. */
  reapproveOnScopeChange: setting('reapproveOnScopeChange', z.boolean(), true),
  /** Checkpoints of the workspace before our agent changes it, for each plan item's changes and undo. */
  checkpoints: setting('checkpoints', z.boolean(), true),
  /** Tell the model, once, which items it marked completed are flagged. */
  verifyCompletion: setting('verifyCompletion', z.boolean(), true),
  /** Every item's check without its own (issue 52); '' = none. A command: only the user's own value counts. */
  checksDefault: setting('checks.default', z.string(), '', 'user-only'),
  /** How long an item's check may run before it is killed (recorded as failed, exitCode null). */
  checksTimeoutSeconds: setting(
    'checks.timeoutSeconds',
    z.number().check(z.int(), z.minimum(1), z.maximum(86400)),
    DEFAULT_CHECK_TIMEOUT_SECONDS,
  ),
  /** The plan file, relative to the first workspace folder; '' = off (plan-file-sync.ts). */
  planFile: setting('planFile', z.string(), ''),
  /** Minutes between the open Plan Board's own `git fetch --all --prune`; 0 = only on request. */
  boardFetchMinutes: setting('board.fetchMinutes', z.number().check(z.minimum(0), z.maximum(1440)), 0),
};

/** Each setting's value, inferred from its schema. */
export type AgentSettings = { [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]['fallback'] };

/** The value in force: for a user-only setting, the user's (global) value and never a workspace's. */
export function settingValue(config: vscode.WorkspaceConfiguration, key: string, onlyUser: boolean): unknown {
  return onlyUser ? config.inspect(key)?.globalValue : config.get(key);
}

function field<T>(config: vscode.WorkspaceConfiguration, spec: Setting<T>, problems: string[]): T {
  const raw: unknown = settingValue(config, spec.key, spec.userOnly);
  if (raw === undefined) return spec.fallback;
  const parsed = spec.schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  problems.push(
    `${SETTINGS_SECTION}.${spec.key} has an invalid value (${JSON.stringify(raw)}); ` +
      `using ${JSON.stringify(spec.fallback)}`,
  );
  return spec.fallback;
}

export function readSettings(): { settings: AgentSettings; problems: string[] } {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const problems: string[] = [];
  const settings = Object.fromEntries(
    Object.entries(SETTINGS).map(([name, spec]: [string, Setting<unknown>]) => [name, field(config, spec, problems)]),
  ) as AgentSettings; // each value checked by its own setting's schema (field)
  return { settings, problems };
}

export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(SETTINGS_SECTION)) listener();
  });
}

/**
 * The composer's Plan first toggle: writes agentChecklist.planFirst where the value in
 * force comes from (the workspace's settings when they set it, else the user's), so
 * the toggle, the Settings editor and the next prompt always agree.
 */
export async function writePlanFirst(on: boolean): Promise<void> {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inWorkspace = config.inspect<boolean>(SETTINGS.planFirst.key)?.workspaceValue !== undefined;
  await config.update(
    SETTINGS.planFirst.key,
    on,
    inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
  );
}
