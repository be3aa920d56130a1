// A provider's SDK client, made at the provider's first request (the provider's module
// and its SDK are already one lazily loaded bundle, dist/providers/<name>.js: see
// lazy-provider.ts). The SDK comes with the client because its error classes classify
// the client's failures.
export type LazyClient<Sdk, Client> = () => Promise<{ sdk: Sdk; client: Client }>;

export function lazyClient<Sdk, Client>(load: () => Promise<Sdk>, create: (sdk: Sdk) => Client): LazyClient<Sdk, Client> {
  let connected: Promise<{ sdk: Sdk; client: Client }> | undefined;
  return () => (connected ??= load().then((sdk) => ({ sdk, client: create(sdk) })));
}
