import { toast } from '#src/lib/toast.ts';
import { withTimeout } from '#src/lib/withTimeout.ts';
import { loadAppKit } from './appkit.ts';

/** How long the wallet window may take to load and open before we tell the user. */
const OPEN_MODAL_TIMEOUT_MS = 15_000;

/**
 * Opens the wallet modal, loading AppKit first if needed. If Reown's services hang, AppKit's
 * open() never resolves (APPKIT.md), so the wait is bounded and the user told why.
 */
export async function openWalletModal(): Promise<boolean> {
  try {
    await withTimeout(
      loadAppKit().then(({ appKit }) => appKit.open()),
      OPEN_MODAL_TIMEOUT_MS,
      'The wallet window took too long to open.',
    );
    return true;
  } catch (error) {
    console.error(error);
    toast.error({
      message: 'The wallet window could not open',
      description: 'Check your connection and try again.',
    });
    return false;
  }
}
