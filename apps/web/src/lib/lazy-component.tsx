import { lazy, useState, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  /** Renders the component, suspending (to the nearest Suspense) until its chunk has loaded. */
  Component: ComponentType<P>;
  /** Loads the chunk; once loaded, the component renders without suspending. */
  preload: () => Promise<void>;
}

/**
 * A component in its own chunk (React `lazy`), loaded when first rendered or when preloaded.
 * One already loaded renders straight away: preloading a screen before the first render paints
 * it without a fallback that it would then replace.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (e.g. offline) may succeed on the next try.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await loadOnce() }));

  function Component(props: P) {
    // Chosen once per mount: switching component types later would remount it.
    const [Chosen] = useState(() => loaded ?? Suspending);
    return <Chosen {...props} />;
  }
  return { Component, preload: () => loadOnce().then(() => undefined) };
}
