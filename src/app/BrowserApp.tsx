import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { queryClient } from './queryClient.ts';

/**
 * The app in the browser. The saved queries are restored only after the first render has
 * committed: that render hydrates a page built with an empty cache, so it must see one too. Then
 * the last known data (a signed-in header, cached matches) arrives as an ordinary update, before
 * the network answers, since queries wait for the restore.
 */
export function BrowserApp({ restore }: { restore: () => Promise<void> }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let mounted = true;
    // A transition: the whole tree re-renders with the saved data, in slices the browser can
    // interrupt, not in one long task right after hydration.
    const done = () => {
      if (mounted) startTransition(() => setRestoring(false));
    };
    restore().then(done, done);
    return () => {
      mounted = false;
    };
  }, [restore]);
  return (
    <BrowserRouter>
      <App queryClient={queryClient} restoring={restoring} />
    </BrowserRouter>
  );
}
