// The providers that talk to a model over HTTP with a key: one entry each, read by the
// extension (settings' enum, endpoint settings, the key's secret, Set API Key) and by
// the CLI (--provider, --base-url, the key's environment variable). A new remote
// provider is its implementation file and one entry here (plus its id in the
// manifest's `agentChecklist.provider` enum, which a unit test checks).
import { anthropicWindow, openAICompatibleWindow } from '../context-window';
import type { ModelProvider } from '../provider';
import { lazyProvider } from './lazy-provider';
import { ANTHROPIC_DEFAULT_BASE_URL, isDeepSeekBaseUrl, OPENAI_DEFAULT_BASE_URL } from './remote-endpoints';

export interface RemoteProviderSpec {
  /** Its endpoint when none is set (`agentChecklist.<id>.baseUrl`, `--base-url`). */
  readonly defaultBaseUrl: string;
  /** Model names a message suggests when none is set. */
  readonly modelExamples: string;
  /** Whether an empty key means "no key" (a local OpenAI-compatible server); else a key is needed. */
  readonly emptyKeyAllowed: boolean;
  /** Who it serves, for the Set API Key picker (English; the extension localizes it). */
  readonly description: string;
  /** The environment variable the CLI reads its key from when --api-key-env is not given. */
  keyVariable(baseUrl: string): string;
  create(options: { model: string; apiKey: string; baseURL: string }): ModelProvider;
}

export const REMOTE_PROVIDER_IDS = ['openai', 'anthropic'] as const;
export type RemoteProviderId = (typeof REMOTE_PROVIDER_IDS)[number];

export const REMOTE_PROVIDERS: Readonly<Record<RemoteProviderId, RemoteProviderSpec>> = {
  openai: {
    defaultBaseUrl: OPENAI_DEFAULT_BASE_URL,
    modelExamples: 'gpt-4.1-mini, deepseek-chat, llama3.2',
    emptyKeyAllowed: true,
    description: 'OpenAI-compatible endpoint (OpenAI, DeepSeek, Ollama, vLLM, LM Studio, OpenRouter)',
    keyVariable: (baseUrl) => (isDeepSeekBaseUrl(baseUrl) ? 'DEEPSEEK_API_KEY' : 'OPENAI_API_KEY'),
    create: (options) =>
      lazyProvider(
        {
          id: 'openai',
          model: options.model,
          contextWindow: openAICompatibleWindow(options.model),
          apiKey: options.apiKey,
        },
        async () => {
          const { OpenAIProvider } = await import('./openai');
          return new OpenAIProvider(options);
        },
      ),
  },
  anthropic: {
    defaultBaseUrl: ANTHROPIC_DEFAULT_BASE_URL,
    modelExamples: 'claude-sonnet-4-5',
    emptyKeyAllowed: false,
    description: 'Anthropic',
    keyVariable: () => 'ANTHROPIC_API_KEY',
    create: (options) =>
      lazyProvider(
        {
          id: 'anthropic',
          model: options.model,
          contextWindow: anthropicWindow(options.model),
          apiKey: options.apiKey,
        },
        async () => {
          const { AnthropicProvider } = await import('./anthropic');
          return new AnthropicProvider(options);
        },
      ),
  },
};

export const isRemoteProviderId = (id: string): id is RemoteProviderId =>
  REMOTE_PROVIDER_IDS.some((known) => known === id);
