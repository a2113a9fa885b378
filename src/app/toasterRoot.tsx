import { createRoot } from 'react-dom/client';
import type { toast } from 'sonner';
import { ListeningToaster } from './ListeningToaster.tsx';

/**
 * Mounts sonner's toaster in a React root of its own at the end of the body, and resolves with
 * sonner's toast function once the toaster listens. The app's toaster host (src/lib/toast.ts)
 * calls it for the first toast: most visits never show one, so neither this nor sonner is in the
 * first load, and the app's tree holds nothing for it.
 */
export function mountToaster(): Promise<typeof toast> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<ListeningToaster onListening={resolve} />);
  });
}
