import { type ComponentType, use } from 'react';

/** A page whose module loads on first visit. */
export interface LazyPage {
  /** The page's component once its module is here. */
  readonly loaded: ComponentType | undefined;
  /** Loads the module once (again after a failure); resolves to the page's component. */
  load(): Promise<ComponentType>;
}

/**
 * Wraps `load` so the page's module is fetched once. `React.lazy` would suspend on every first
 * render, even when the module is already here; the prerendered page is hydrated only after its
 * module loaded, so the first render must find the component and render it at once, as the
 * build-time render did.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  const page: { loaded: ComponentType | undefined; load(): Promise<ComponentType> } = {
    loaded: undefined,
    load() {
      loading ??= load().then(
        (component) => {
          page.loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = undefined; // offline before the chunk was cached: the next visit tries again
          throw error;
        },
      );
      return loading;
    },
  };
  return page;
}

/** Renders `page`; suspends while its module loads (the router keeps the last page meanwhile). */
export function LazyPageView({ page }: { page: LazyPage }) {
  const Loaded = page.loaded ?? use(page.load());
  return <Loaded />;
}
