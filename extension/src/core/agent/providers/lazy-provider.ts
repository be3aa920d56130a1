// A remote provider as the hosts hold it: its id, model, window and key known at once,
// its implementation (openai.ts, anthropic.ts, each with its SDK) loaded at its first
// request, from its own bundle (LAZY_MODULES in scripts/lazy-bundles.mjs), so
// activation and runs with another provider never load it.
import type { ModelProvider, ModelRequest, StreamPart } from '../provider';

export interface LazyProviderInfo {
  readonly id: string;
  readonly model: string;
  readonly contextWindow: number;
  readonly apiKey: string;
}

export function lazyProvider(info: LazyProviderInfo, load: () => Promise<ModelProvider>): ModelProvider {
  let loaded: Promise<ModelProvider> | undefined;
  return {
    id: info.id,
    model: info.model,
    contextWindow: info.contextWindow,
    secretValues: () => (info.apiKey ? [info.apiKey] : []),
    async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
      const provider = await (loaded ??= load());
      yield* provider.stream(request, signal);
    },
  };
}
