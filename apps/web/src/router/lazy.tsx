import { type ComponentType, createElement, lazy, useState } from "react";

/** Page-part load timeout (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {}

/** A code-split page: rendered like any component, and fetched ahead of its first render by `preload`. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts fetching the page's code (once); resolves when it is there. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A code-split page whose chunk must arrive within 120 s, or the error boundary says so. A page whose code
 * is already there (preloaded while the app started, or shown before) renders at once: React only suspends
 * (and then holds the reveal back for its throttle, about 300 ms) while the code is really on its way.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= Promise.race([
      load().then(
        (m) => {
          loaded = m.default;
          return m.default;
        },
        (err: unknown) => {
          loading = null; // a later visit tries again
          throw new ChunkLoadError(String(err));
        },
      ),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new ChunkLoadError("timeout")), CHUNK_TIMEOUT_MS),
      ),
    ]);
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  // Each mounted page keeps the element type it started with: switching from the suspending wrapper to the
  // component itself once the code has arrived would mount the page afresh and lose its state.
  const Page = (props: P) => {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? (Suspending as ComponentType<P>), props);
  };
  return Object.assign(Page, { preload });
}
