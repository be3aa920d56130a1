// Builds the model provider the CLI was asked for. Keys come only from the
// environment variable named by --api-key-env (default: OPENAI_API_KEY,
// DEEPSEEK_API_KEY for a deepseek base URL, ANTHROPIC_API_KEY); they are never
// printed or logged — no message here contains a key's value, only a variable's name.
import * as path from 'node:path';
import type { ModelProvider } from '../core/agent/provider';
import { ANTHROPIC_DEFAULT_BASE_URL, AnthropicProvider } from '../core/agent/providers/anthropic';
import { OPENAI_DEFAULT_BASE_URL, OpenAIProvider } from '../core/agent/providers/openai';
import { isDeepSeekBaseUrl } from '../core/agent/providers/openai-messages';
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

export const CLI_PROVIDERS = ['scripted', 'openai', 'anthropic'] as const;

export function createCliProvider(flags: ProviderFlags, io: CliIo): ModelProvider {
  if (flags.provider !== 'scripted' && flags.script !== undefined) throw new UsageError('--script is only for --provider scripted');
  switch (flags.provider) {
    case 'scripted':
      if (!flags.script) throw new UsageError('--provider scripted needs --script <file>');
      return new ScriptedProvider(scriptFrom(path.resolve(io.cwd, flags.script)), flags.model ?? 'scripted');
    case 'openai': {
      const baseURL = checkedBaseUrl(flags.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
      const keyVar = flags.apiKeyEnv ?? defaultKeyVariable('openai', baseURL);
      // An empty value is a deliberate "no key" (Ollama, LM Studio, a local vLLM): no Authorization header is sent.
      const apiKey = readApiKey(io.env, keyVar, 'openai', true);
      return new OpenAIProvider({ model: requireModel(flags, 'gpt-4.1-mini, deepseek-chat, llama3.2'), apiKey, baseURL });
    }
    case 'anthropic': {
      const baseURL = checkedBaseUrl(flags.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
      const apiKey = readApiKey(io.env, flags.apiKeyEnv ?? defaultKeyVariable('anthropic', baseURL), 'anthropic', false);
      return new AnthropicProvider({ model: requireModel(flags, 'claude-sonnet-4-5'), apiKey, baseURL });
    }
    default:
      throw new UsageError(`unknown provider ${JSON.stringify(flags.provider)}; use ${CLI_PROVIDERS.join(', ')}`);
  }
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
  if (flags.provider === 'openai') return flags.apiKeyEnv ?? defaultKeyVariable('openai', flags.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  if (flags.provider === 'anthropic') return flags.apiKeyEnv ?? defaultKeyVariable('anthropic', flags.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL);
  return undefined;
}

/** The variable a provider reads its key from when --api-key-env is not given. */
export function defaultKeyVariable(provider: 'openai' | 'anthropic', baseURL: string): string {
  if (provider === 'anthropic') return 'ANTHROPIC_API_KEY';
  return isDeepSeekBaseUrl(baseURL) ? 'DEEPSEEK_API_KEY' : 'OPENAI_API_KEY';
}

/**
 * The key from `variable`. Unset is an error that says how to fix it; so is a
 * variable name that looks like a key itself (someone pasted the key into
 * --api-key-env) — and that error does not repeat what was passed.
 */
export function readApiKey(env: NodeJS.ProcessEnv, variable: string, provider: string, allowEmpty: boolean): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
    throw new UsageError('--api-key-env takes the NAME of an environment variable (letters, digits and _), not the key itself');
  }
  const value = env[variable];
  if (value === undefined) {
    const noKey = allowEmpty ? ' For a server that needs no key (Ollama, LM Studio), set it to an empty string.' : '';
    throw new UsageError(`--provider ${provider} reads its API key from the environment variable ${variable}, which is not set. Export it, or name another variable with --api-key-env <VAR>.${noKey}`);
  }
  if (value.trim() === '' && !allowEmpty) throw new UsageError(`the environment variable ${variable} is empty; --provider ${provider} needs an API key`);
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
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--base-url must be an http(s) URL (got ${JSON.stringify(url)})`);
  return url;
}
