import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ME_QUERY_KEY } from '#src/features/auth/api/meQueryOptions.ts';
import { logout } from '#src/lib/auth/logout.ts';
import { toast } from '#src/lib/toast.ts';
import { loadAppKit } from '#src/lib/wallet/appkit.ts';
import { withTimeout } from '#src/lib/withTimeout.ts';

/** How long Sign Out waits for the wallet to disconnect before finishing anyway. */
const DISCONNECT_TIMEOUT_MS = 10_000;

/** Signs out once on mount: server logout, wallet disconnect, toast, then home (SPEC section 2). */
export function useSignOut(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode mounts effects twice in development
    started.current = true;
    void (async () => {
      const serverSignedOut = await logout();
      try {
        // The wallet may still be remembered even if AppKit was not loaded on this page yet.
        // ready() waits for AppKit to restore that connection; disconnecting earlier would
        // miss it and the wallet would reconnect right after.
        const disconnect = loadAppKit().then(async ({ appKit }) => {
          await appKit.ready();
          await appKit.disconnect('eip155');
        });
        await withTimeout(disconnect, DISCONNECT_TIMEOUT_MS, 'Wallet disconnect timed out');
      } catch (error) {
        console.warn('Wallet disconnect failed', error);
      }
      queryClient.setQueryData(ME_QUERY_KEY, null);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (serverSignedOut) toast.success({ message: 'Signed out' });
      else toast.error({ message: 'Sign out failed', description: 'Please try again.' });
      navigate('/', { replace: true });
    })();
  }, [navigate, queryClient]);
}
