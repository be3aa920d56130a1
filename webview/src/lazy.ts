// Components whose code is a separate chunk (dist/webview/<chunk>.js, see
// scripts/webview-build.mjs), fetched by `import()` from beside main.js the first time
// one renders, or earlier on `preload()` (a hint that the user is about to need it).
// Until then it renders `Fallback` (or nothing); once loaded, every render is
// synchronous. A chunk that fails to load is logged and tried again the next time the
// component is shown (mounted).
import { h, type ComponentChildren, type ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface LazyComponent<P> {
  (props: P): ComponentChildren;
  /** Loads the chunk once; resolves when the component renders synchronously. */
  preload(): Promise<void>;
}

export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback?: ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = null;
        console.error('[agent-checklist] a webview chunk failed to load', error);
      },
    ));
  function Lazy(props: P): ComponentChildren {
    const [, rerender] = useState(0);
    useEffect(() => {
      if (loaded) return undefined;
      let mounted = true;
      void preload().then(() => mounted && rerender(1));
      return () => {
        mounted = false;
      };
    }, []);
    if (loaded) return h(loaded, props);
    return Fallback ? h(Fallback, props) : null;
  }
  return Object.assign(Lazy, { preload });
}

/** The props of a chunk's component export. */
type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

/** The component a chunk exports as `name`, lazily: `lazy(() => chunk().then((m) => m[name]))`, written once. */
export function lazyPart<M, K extends keyof M>(
  chunk: () => Promise<M>,
  name: K,
  Fallback?: ComponentType<PropsOf<M[K]>>,
): LazyComponent<PropsOf<M[K]>> {
  // M[K] is a component whenever PropsOf<M[K]> is not never; the compiler cannot see it through the conditional type.
  return lazy(() => chunk().then((m) => m[name] as ComponentType<PropsOf<M[K]>>), Fallback);
}
