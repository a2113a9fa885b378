import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_DURATION_MS } from '#src/lib/toast.ts';

/**
 * Sonner's toaster, bottom centre above the home indicator, dark, 4 s by default (SPEC section 2),
 * loaded on first toast.
 */
export function ListeningToaster({ onListening }: { onListening: (show: typeof toast) => void }) {
  // Effects run children first: when this one runs, the Toaster below already listens.
  useEffect(() => onListening(toast), [onListening]);
  return (
    <Toaster
      position="bottom-center"
      theme="dark"
      duration={TOAST_DURATION_MS}
      // Sonner's own gaps (24 px, 16 px on phones) plus the home indicator's inset once installed
      // edge to edge; env() is 0 in a browser tab.
      offset={{ bottom: 'calc(24px + env(safe-area-inset-bottom))' }}
      mobileOffset={{ bottom: 'calc(16px + env(safe-area-inset-bottom))' }}
    />
  );
}
