// Which model a turn talks to, from the settings. `demo` needs nothing; `scripted`
// reads the file named by agentChecklist.scripted.scriptPath (one instance serves
// turn after turn, so a multi-turn script plays on; a changed file or a new session
// starts it over). `vscode-lm` takes the first model VS Code offers (vscode.lm).
// Every other id is a remote provider (core/agent/providers/remote-catalog.ts): endpoint
// and model from settings, the key from SecretStorage (remote-provider.ts). The
// providers themselves are made by local-providers.ts, a lazy module imported at the
// first turn's `create`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ModelProvider } from '../../core/agent/provider';
import type { ScriptedProvider } from '../../core/agent/providers/scripted';
import type { ProviderView } from '../../core/protocol/messages';
import { DEMO_MODEL } from './demo-model';
import type { DemoProvider } from './demo-provider';
import { createRemoteProvider, readRemoteSettings } from './remote-provider';
import type * as vscode from 'vscode';
import type { AgentSettings } from '../host/settings';
import { acpAgentView, chosenAcpAgent } from '../acp-agents/acp-agent-choice';
import { brandedError, errorGuard } from '../../core/error-brand';

/** The configured provider cannot run; the message is for the user. */
export class ProviderUnavailableError extends brandedError('ProviderUnavailableError') {
  override name = 'ProviderUnavailableError';
  /** The setting that would fix it (Open Settings goes there). */
  constructor(
    message: string,
    readonly setting = 'agentChecklist.provider',
  ) {
    super(message);
  }
}

/** Whether `value` is a ProviderUnavailableError, whichever bundle's copy of the class made it. */
export const isProviderUnavailableError = errorGuard<ProviderUnavailableError>('ProviderUnavailableError');

export interface ProviderSourceOptions {
  demoScriptPath: string;
  /** Relative script paths are resolved against this (the first workspace folder). */
  workspaceRoot: string | undefined;
  /** Where API keys live (never settings.json). */
  secrets: vscode.SecretStorage;
}

export class ProviderSource {
  private demo: DemoProvider | null = null;
  private scripted: { key: string; provider: ScriptedProvider } | null = null;

  constructor(private readonly options: ProviderSourceOptions) {}

  /** What the UI shows about the configured provider, including why it cannot run. */
  describe(settings: AgentSettings): ProviderView {
    const acp = chosenAcpAgent(settings);
    if (acp !== null) return acpAgentView(acp, settings, this.options.workspaceRoot);
    const view: ProviderView = {
      id: settings.provider,
      model: this.modelLabel(settings),
      isDemo: settings.provider === 'demo',
      problem: null,
    };
    try {
      this.check(settings);
    } catch (error) {
      view.problem = error instanceof Error ? error.message : String(error);
    }
    return view;
  }

  async create(settings: AgentSettings): Promise<ModelProvider> {
    this.check(settings);
    const { provider } = settings;
    if (provider !== 'demo' && provider !== 'scripted' && provider !== 'vscode-lm')
      return unavailableOnError(() => createRemoteProvider(provider, this.options.secrets));
    const local = await import('./local-providers');
    if (provider === 'demo') return (this.demo ??= local.demoProvider(this.options.demoScriptPath));
    if (provider === 'scripted') return this.scriptedProvider(settings, local);
    return unavailableOnError(() => local.selectVscodeLmProvider());
  }

  /** One instance per script file, until the file changes. */
  private scriptedProvider(settings: AgentSettings, local: typeof import('./local-providers')): ScriptedProvider {
    const file = this.scriptFile(settings);
    const stat = fs.statSync(file);
    const key = `${file}\0${stat.mtimeMs}\0${stat.size}`;
    if (this.scripted?.key !== key) this.scripted = { key, provider: local.scriptedProvider(file) };
    return this.scripted.provider;
  }

  /** A new session starts scripted models from their first response. */
  reset(): void {
    this.scripted = null;
  }

  private check(settings: AgentSettings): void {
    switch (settings.provider) {
      case 'demo':
        if (!fs.existsSync(this.options.demoScriptPath))
          throw new ProviderUnavailableError(
            `the demo script is missing from the extension (${this.options.demoScriptPath}); reinstall Agent Checklist`,
          );
        return;
      case 'scripted': {
        const file = this.scriptFile(settings);
        if (!fs.existsSync(file))
          throw new ProviderUnavailableError(
            `the scripted model file ${file} does not exist (agentChecklist.scripted.scriptPath)`,
          );
        return;
      }
      case 'vscode-lm':
        return; // which models VS Code offers is known only when asked (create)
      default: {
        const remote = readRemoteSettings(settings.provider);
        if (typeof remote === 'string') throw new ProviderUnavailableError(remote);
        return; // whether a key is stored is known only when asked (create)
      }
    }
  }

  private scriptFile(settings: AgentSettings): string {
    if (!settings.scriptPath)
      throw new ProviderUnavailableError(
        'the scripted provider needs agentChecklist.scripted.scriptPath: a JSON file of model responses',
      );
    if (path.isAbsolute(settings.scriptPath)) return settings.scriptPath;
    if (!this.options.workspaceRoot)
      throw new ProviderUnavailableError(
        `agentChecklist.scripted.scriptPath is relative (${settings.scriptPath}) ` +
          'but no folder is open; use an absolute path',
      );
    return path.resolve(this.options.workspaceRoot, settings.scriptPath);
  }

  private modelLabel(settings: AgentSettings): string {
    if (settings.provider === 'demo') return DEMO_MODEL;
    if (settings.provider === 'scripted') return settings.scriptPath ? path.basename(settings.scriptPath) : 'scripted';
    if (settings.provider === 'vscode-lm') return settings.provider;
    const remote = readRemoteSettings(settings.provider);
    return typeof remote === 'string' ? settings.provider : remote.model;
  }
}

/** A provider that could not be made: its error as a ProviderUnavailableError (the message is for the user). */
async function unavailableOnError(make: () => Promise<ModelProvider>): Promise<ModelProvider> {
  try {
    return await make();
  } catch (error) {
    throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
}
