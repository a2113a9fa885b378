import type { QueryClient } from '@tanstack/react-query';
import { getWalletSession } from '../auth/getWalletSession.ts';
import { isAppKitRequested, loadAppKit } from './appkit.ts';

const SIGN_VIEW = 'SIWXSignMessage';

/**
 * The re-check run on return from a wallet app. The session is asked from the server again (the
 * signature may have been verified while we were hidden: then the page reloads, as after any
 * sign-in); a wallet that is connected but not signed in goes straight to the signing step, so a
 * pending sign-in completes without connecting again.
 */
export async function recheckAfterWalletReturn(options: {
  queryClient: QueryClient;
  meQueryKey: readonly unknown[];
  reload?: () => void;
}): Promise<void> {
  const signedInBefore = options.queryClient.getQueryData(options.meQueryKey) != null;
  await options.queryClient.invalidateQueries({ queryKey: options.meQueryKey });
  // Nothing to re-check in the wallet if the user never touched it in this page's life.
  if (!isAppKitRequested()) return;
  const { appKit } = await loadAppKit();
  const caipAddress = appKit.getCaipAddress('eip155');
  if (!caipAddress) return;
  const session = await getWalletSession().catch(() => null);
  const [, chainId, address = ''] = caipAddress.split(':');
  const signedIn =
    session !== null &&
    session.address.toLowerCase() === address.toLowerCase() &&
    String(session.chainId) === chainId;
  if (signedIn && !signedInBefore) (options.reload ?? (() => window.location.reload()))();
  // AppKit opens this view itself after a connect; its public type lists fewer views than the
  // modal router accepts, and open() passes the view through unchanged.
  else if (!signedIn && !appKit.isOpen()) await appKit.open({ view: SIGN_VIEW as 'Connect' });
}
