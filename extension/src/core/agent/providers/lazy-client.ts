// A provider's SDK client, made at the provider's first request from an SDK loaded
// then: `load` is `() => import('<sdk>')`, which the build points at
// the SDK's own bundle (dist/providers/<name>.js; LAZY_PACKAGES in scripts/build.mjs),
// so activation and runs with another provider never load it. The SDK comes with the
// client because its error classes classify the client's failures.
export type LazyClient<Sdk, Client> = () => Promise<{ sdk: Sdk; client: Client }>;

export function lazyClient<Sdk, Client>(load: () => Promise<Sdk>, create: (sdk: Sdk) => Client): LazyClient<Sdk, Client> {
  let connected: Promise<{ sdk: Sdk; client: Client }> | undefined;
  return () => (connected ??= load().then((sdk) => ({ sdk, client: create(sdk) })));
}
