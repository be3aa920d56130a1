// Builds the model provider the CLI was asked for. Keys come only from the
// environment variable named by --api-key-env (default: OPENAI_API_KEY,
// DEEPSEEK_API_KEY for a deepseek base URL, ANTHROPIC_API_KEY); they are never
// printed or logged — no message here contains a key's value, only a variable's name.
import * as path from 'node:path';
import type { ModelProvider } from '../core/agent/provider';
import {
  isRemoteProviderId,
  REMOTE_PROVIDER_IDS,
  REMOTE_PROVIDERS,
  type RemoteProviderId,
} from '../core/agent/providers/remote-catalog';
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

const CLI_PROVIDERS = ['scripted', ...REMOTE_PROVIDER_IDS] as const;

export function createCliProvider(flags: ProviderFlags, io: CliIo): ModelProvider {
  if (flags.provider !== 'scripted' && flags.script !== undefined)
    throw new UsageError('--script is only for --provider scripted');
  if (flags.provider === 'scripted') {
    if (!flags.script) throw new UsageError('--provider scripted needs --script <file>');
    return new ScriptedProvider(scriptFrom(path.resolve(io.cwd, flags.script)), flags.model ?? 'scripted');
  }
  if (!isRemoteProviderId(flags.provider))
    throw new UsageError(`unknown provider ${JSON.stringify(flags.provider)}; use ${CLI_PROVIDERS.join(', ')}`);
  const spec = REMOTE_PROVIDERS[flags.provider];
  const baseURL = checkedBaseUrl(flags.baseUrl ?? spec.defaultBaseUrl);
  // For a provider that allows it, an empty value is a deliberate "no key" (Ollama, LM Studio, a local vLLM): no
  // Authorization header is sent.
  const apiKey = readApiKey(io.env, flags.apiKeyEnv ?? spec.keyVariable(baseURL), flags.provider, spec.emptyKeyAllowed);
  return spec.create({ model: requireModel(flags, spec.modelExamples), apiKey, baseURL });
}

/** A missing or malformed --script file is a usage error (exit 2), like any other bad flag. */
function scriptFrom(file: string): ReturnType<typeof loadModelScript> {
  try {
    return loadModelScript(file);
  } catch (error) {
    throw new UsageError(`--script: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The variable the provider asked for reads its key from (undefined for scripted): bash never sees it. */
export function keyVariableOf(flags: ProviderFlags): string | undefined {
  if (!isRemoteProviderId(flags.provider)) return undefined;
  return (
    flags.apiKeyEnv ??
    defaultKeyVariable(flags.provider, flags.baseUrl ?? REMOTE_PROVIDERS[flags.provider].defaultBaseUrl)
  );
}

/** The variable a provider reads its key from when --api-key-env is not given. */
const defaultKeyVariable = (provider: RemoteProviderId, baseURL: string): string =>
  REMOTE_PROVIDERS[provider].keyVariable(baseURL);

/**
 * The key from `variable`. Unset is an error that says how to fix it; so is a
 * variable name that looks like a key itself (someone pasted the key into
 * --api-key-env) — and that error does not repeat what was passed.
 */
function readApiKey(env: NodeJS.ProcessEnv, variable: string, provider: string, allowEmpty: boolean): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
    throw new UsageError(
      '--api-key-env takes the NAME of an environment variable (letters, digits and _), not the key itself',
    );
  }
  const value = env[variable];
  if (value === undefined) {
    const noKey = allowEmpty ? ' For a server that needs no key (Ollama, LM Studio), set it to an empty string.' : '';
    throw new UsageError(
      `--provider ${provider} reads its API key from the environment variable ${variable}, which is not set. ` +
        `Export it, or name another variable with --api-key-env <VAR>.${noKey}`,
    );
  }
  if (value.trim() === '' && !allowEmpty)
    throw new UsageError(`the environment variable ${variable} is empty; --provider ${provider} needs an API key`);
  return value.trim();
}

function requireModel(flags: ProviderFlags, examples: string): string {
  if (!flags.model) throw new UsageError(`--provider ${flags.provider} needs --model <name> (for example ${examples})`);
  return flags.model;
}

function checkedBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL (got ${JSON.stringify(url)})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`--base-url must be an http(s) URL (got ${JSON.stringify(url)})`);
  return url;
}
