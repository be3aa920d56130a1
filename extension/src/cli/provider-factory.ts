// Builds the model provider the CLI was asked for. Keys come only from the
// environment variable named by --api-key-env; they are never printed or logged.
import type { ModelProvider } from '../core/agent/provider';
import { loadModelScript, ScriptedProvider } from '../core/agent/providers/scripted';
import { UsageError } from './usage';
import type { CliIo } from './io';

export interface ProviderFlags {
  provider: string;
  script?: string;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
}

export function createCliProvider(flags: ProviderFlags, _io: CliIo): ModelProvider {
  switch (flags.provider) {
    case 'scripted':
      if (!flags.script) throw new UsageError('--provider scripted needs --script <file>');
      return new ScriptedProvider(loadModelScript(flags.script), flags.model ?? 'scripted');
    default:
      throw new UsageError(`unknown provider ${JSON.stringify(flags.provider)}; use scripted`);
  }
}
