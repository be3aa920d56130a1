// The extension's settings (contributes.configuration in package.json), read and
// validated in one place. A value of the wrong shape falls back to the default and
// is reported, so a typo in settings.json never breaks activation.
// Settings that widen what the agent may do, or choose where the key and commands go,
// are `"scope": "application"` in package.json, and are read here from the user's
// own settings only (`inspect().globalValue`): a workspace's .vscode/settings.json,
// which the model or a cloned repository may have written, never sets them.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { DEFAULT_COMPACT_THRESHOLD } from '../core/agent/context-window';
import { DEFAULT_MAX_STEPS } from '../core/agent/loop';
import { BUILT_IN_TOOLS, type BuiltInTool } from '../core/tools/built-in';
import { SANDBOX_MODES } from '../core/tools/bash/sandbox';
import { bashLimitsSettingSchema } from '../core/tools/bash/bash-limits';
import { IMPORTED_AGENTS } from '../core/session/source';
import { acpAgentsSchema } from '../core/acp-client/agent-catalog';
import { REMOTE_PROVIDER_IDS } from '../core/agent/providers/remote-catalog';

/** agentChecklist.agent's value for our own agent (any other value is an ACP agent's id). */
export const BUILTIN_AGENT = 'builtin';

const SETTINGS_SECTION = 'agentChecklist';
const PROVIDER_IDS = ['demo', 'scripted', ...REMOTE_PROVIDER_IDS, 'vscode-lm'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const FOLLOW_EXTERNAL = ['latest', 'off'] as const;
export type FollowExternal = (typeof FOLLOW_EXTERNAL)[number];

export type { BuiltInTool };

const DEFAULT_SETTINGS: AgentSettings = {
  agent: BUILTIN_AGENT,
  acpAgents: {},
  provider: 'demo',
  scriptPath: '',
  allowParallelInProgress: true,
  maxSteps: DEFAULT_MAX_STEPS,
  contextWindow: 0,
  compactThreshold: DEFAULT_COMPACT_THRESHOLD,
  autoApprove: false,
  enabledTools: BUILT_IN_TOOLS,
  bashSandbox: 'auto',
  bashNetwork: false,
  envKeep: [],
  bashLimits: {},
  protectedPaths: [],
  followExternal: 'latest',
  followAgents: IMPORTED_AGENTS,
  notifications: true,
  stallMinutes: 10,
  planFirst: false,
  checkpoints: true,
  verifyCompletion: true,
  planFile: '',
};

/** Each setting's schema; a value that fails it falls back to the default. */
const fields = {
  /** agentChecklist.agent: `builtin`, or the id of an ACP agent (built-in or in acpAgents). */
  agent: z.string().check(z.minLength(1)),
  /** agentChecklist.acpAgents: ACP agents by id, merged over the built-in ones. */
  acpAgents: acpAgentsSchema,
  provider: z.enum(PROVIDER_IDS),
  /** As written in settings; relative paths are resolved against the first workspace folder. */
  scriptPath: z.string(),
  allowParallelInProgress: z.boolean(),
  maxSteps: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
  /** agentChecklist.contextWindow: tokens, 0 = the model's own or known window. */
  contextWindow: z.number().check(z.int(), z.minimum(0)),
  /** agentChecklist.compactThreshold: compact before a request would pass this fraction of the window. */
  compactThreshold: z.number().check(z.minimum(0.1), z.maximum(0.95)),
  /** Run bash and file changes without asking (agentChecklist.tools.autoApprove). */
  autoApprove: z.boolean(),
  /** The tools a session gets, by name (agentChecklist.tools.enabled). */
  enabledTools: z.readonly(z.array(z.enum(BUILT_IN_TOOLS))),
  /** agentChecklist.tools.bash.sandbox */
  bashSandbox: z.enum(SANDBOX_MODES),
  /** agentChecklist.tools.bash.network */
  bashNetwork: z.boolean(),
  /** agentChecklist.tools.env.keep */
  envKeep: z.readonly(z.array(z.string())),
  /** agentChecklist.tools.bash.limits */
  bashLimits: bashLimitsSettingSchema,
  /** agentChecklist.tools.protectedPaths: globs added to the built-in protected paths. */
  protectedPaths: z.readonly(z.array(z.string())),
  /** Follow sessions written outside this window when they write a plan (agentChecklist.followExternal). */
  followExternal: z.enum(FOLLOW_EXTERNAL),
  /** The agents whose own session files are followed for the open folders (agentChecklist.followAgents; [] = none). */
  followAgents: z.readonly(z.array(z.enum(IMPORTED_AGENTS))),
  /** Notify when a turn ends or an approval waits while the Agent view is out of sight (agentChecklist.notifications). */
  notifications: z.boolean(),
  /** Minutes of log silence with an item in progress before the status bar warns; 0 = never (agentChecklist.stallMinutes). */
  stallMinutes: z.number().check(z.minimum(0), z.maximum(1440)),
  /** Each turn of our agent plans first and waits for the user's decision on its plan (agentChecklist.planFirst). */
  planFirst: z.boolean(),
  /** Checkpoints of the workspace before our agent changes it, for each plan item's changes and undo (agentChecklist.checkpoints). */
  checkpoints: z.boolean(),
  /** Tell the model, once, which items it marked completed are flagged (agentChecklist.verifyCompletion). */
  verifyCompletion: z.boolean(),
  /** The plan file, relative to the first workspace folder; '' = off (agentChecklist.planFile, plan-file-sync.ts). */
  planFile: z.string(),
};

/** Each setting's value, inferred from its schema. */
export type AgentSettings = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

const keys: { [K in keyof AgentSettings]: string } = {
  agent: 'agent',
  acpAgents: 'acpAgents',
  provider: 'provider',
  scriptPath: 'scripted.scriptPath',
  allowParallelInProgress: 'todo.allowParallelInProgress',
  maxSteps: 'maxSteps',
  contextWindow: 'contextWindow',
  compactThreshold: 'compactThreshold',
  autoApprove: 'tools.autoApprove',
  enabledTools: 'tools.enabled',
  bashSandbox: 'tools.bash.sandbox',
  bashNetwork: 'tools.bash.network',
  envKeep: 'tools.env.keep',
  bashLimits: 'tools.bash.limits',
  protectedPaths: 'tools.protectedPaths',
  followExternal: 'followExternal',
  followAgents: 'followAgents',
  notifications: 'notifications',
  stallMinutes: 'stallMinutes',
  planFirst: 'planFirst',
  checkpoints: 'checkpoints',
  verifyCompletion: 'verifyCompletion',
  planFile: 'planFile',
};

/** The application-scoped settings (package.json says so too; a test checks both agree). */
export const USER_ONLY_SETTINGS = [
  'agent',
  'acpAgents',
  'autoApprove',
  'bashSandbox',
  'bashNetwork',
  'bashLimits',
  'envKeep',
  'protectedPaths',
  'scriptPath',
] as const satisfies readonly (keyof AgentSettings)[];
const userOnly: ReadonlySet<keyof AgentSettings> = new Set(USER_ONLY_SETTINGS);

/** The value in force: for a user-only setting, the user's (global) value and never a workspace's. */
export function settingValue(config: vscode.WorkspaceConfiguration, key: string, onlyUser: boolean): unknown {
  return onlyUser ? config.inspect(key)?.globalValue : config.get(key);
}

function field<K extends keyof AgentSettings>(
  config: vscode.WorkspaceConfiguration,
  key: K,
  problems: string[],
): AgentSettings[K] {
  const raw: unknown = settingValue(config, keys[key], userOnly.has(key));
  if (raw === undefined) return DEFAULT_SETTINGS[key];
  const parsed = fields[key].safeParse(raw);
  if (parsed.success) return parsed.data as AgentSettings[K];
  problems.push(
    `${SETTINGS_SECTION}.${keys[key]} has an invalid value (${JSON.stringify(raw)}); using ${JSON.stringify(DEFAULT_SETTINGS[key])}`,
  );
  return DEFAULT_SETTINGS[key];
}

export function readSettings(): { settings: AgentSettings; problems: string[] } {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const problems: string[] = [];
  const settings: AgentSettings = {
    agent: field(config, 'agent', problems),
    acpAgents: field(config, 'acpAgents', problems),
    provider: field(config, 'provider', problems),
    scriptPath: field(config, 'scriptPath', problems),
    allowParallelInProgress: field(config, 'allowParallelInProgress', problems),
    maxSteps: field(config, 'maxSteps', problems),
    contextWindow: field(config, 'contextWindow', problems),
    compactThreshold: field(config, 'compactThreshold', problems),
    autoApprove: field(config, 'autoApprove', problems),
    enabledTools: field(config, 'enabledTools', problems),
    bashSandbox: field(config, 'bashSandbox', problems),
    bashNetwork: field(config, 'bashNetwork', problems),
    envKeep: field(config, 'envKeep', problems),
    bashLimits: field(config, 'bashLimits', problems),
    protectedPaths: field(config, 'protectedPaths', problems),
    followExternal: field(config, 'followExternal', problems),
    followAgents: field(config, 'followAgents', problems),
    notifications: field(config, 'notifications', problems),
    stallMinutes: field(config, 'stallMinutes', problems),
    planFirst: field(config, 'planFirst', problems),
    checkpoints: field(config, 'checkpoints', problems),
    verifyCompletion: field(config, 'verifyCompletion', problems),
    planFile: field(config, 'planFile', problems),
  };
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
  const inWorkspace = config.inspect<boolean>(keys.planFirst)?.workspaceValue !== undefined;
  await config.update(
    keys.planFirst,
    on,
    inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
  );
}
