import { useSyncExternalStore } from 'react';
import type { ToasterHost } from '../lib/toast.ts';

type ListeningToasterType = typeof import('./ListeningToaster.tsx')['ListeningToaster'];
type SonnerToast = Awaited<ReturnType<ToasterHost>>;

const listeners = new Set<() => void>();
let loadedToaster: ListeningToasterType | undefined;
let pending: Promise<SonnerToast> | undefined;
let resolveListening: (show: SonnerToast) => void = () => {};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The app's toaster host (see `setToasterHost`): the first toast loads sonner and mounts the
 * toaster in {@link AppToaster}, and waits until it listens.
 */
export const showAppToaster: ToasterHost = () => {
  pending ??= import('./ListeningToaster.tsx').then(
    ({ ListeningToaster }) =>
      new Promise<SonnerToast>((resolve) => {
        resolveListening = resolve;
        loadedToaster = ListeningToaster;
        for (const listener of listeners) listener();
      }),
    (error: unknown) => {
      pending = undefined; // offline before the chunk was cached: the next toast tries again
      throw error;
    },
  );
  return pending;
};

const onListening = (show: SonnerToast) => resolveListening(show);

/** Where toasts appear; renders nothing until the first toast is asked for. */
export function AppToaster() {
  const LoadedToaster = useSyncExternalStore(
    subscribe,
    () => loadedToaster,
    () => undefined,
  );
  return LoadedToaster ? <LoadedToaster onListening={onListening} /> : null;
}
