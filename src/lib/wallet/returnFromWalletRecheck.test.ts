import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WalletSession } from '#core/protocol/auth.ts';
import { memoryStorage } from '#src/testing/returnFromWalletTestStorage.ts';
import { isWalletSignInPending, markWalletSignInPending } from './returnFromWalletPending.ts';
import { type RecheckWallet, recheckAfterWalletReturn } from './returnFromWalletRecheck.ts';

const ME_KEY = ['me'] as const;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SESSION: WalletSession = { address: ADDRESS.toLowerCase(), chainId: 1 } as WalletSession;

/**
 * AppKit's modal and the server's session, as the re-check sees them. `restoresOnReady` is a new
 * page's AppKit: the wallet connection comes back while it initializes.
 */
function fakeWallet(options: {
  requested: boolean;
  caipAddress?: string;
  session?: WalletSession | null;
  modalOpen?: boolean;
  restoresOnReady?: boolean;
  /** The session request gets no answer (offline, a failing or rate-limiting server). */
  sessionFails?: boolean;
}) {
  const calls: string[] = [];
  let caipAddress = options.restoresOnReady ? undefined : options.caipAddress;
  const appKit = {
    ready: async () => {
      calls.push('ready');
      caipAddress = options.caipAddress;
    },
    getCaipAddress: () => caipAddress,
    isOpen: () => options.modalOpen ?? false,
    open: async (open?: { view: string }) => void calls.push(`open ${open?.view}`),
  };
  const wallet = {
    isRequested: () => options.requested,
    load: async () => {
      calls.push('load');
      return { appKit };
    },
    getSession: async () => {
      if (options.sessionFails) throw new Error('Network response was not ok');
      return options.session ?? null;
    },
  } as unknown as RecheckWallet;
  return { wallet, calls };
}

async function recheck(
  wallet: RecheckWallet,
  setup: { signedInBefore: boolean; storage?: Storage },
): Promise<{ reloads: number }> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(ME_KEY, setup.signedInBefore ? { address: ADDRESS } : null);
  const result = { reloads: 0 };
  await recheckAfterWalletReturn({
    queryClient,
    meQueryKey: ME_KEY,
    reload: () => void result.reloads++,
    storage: setup.storage ?? memoryStorage(),
    wallet,
  });
  return result;
}

describe('recheckAfterWalletReturn', () => {
  it('reloads once the server accepted the signature made in the wallet app', async () => {
    const { wallet, calls } = fakeWallet({
      requested: true,
      caipAddress: `eip155:1:${ADDRESS}`,
      session: SESSION,
    });
    expect(await recheck(wallet, { signedInBefore: false })).toEqual({ reloads: 1 });
    expect(calls).toEqual(['load', 'ready']);
  });

  it('opens the sign step when the wallet is connected but not signed in', async () => {
    const { wallet, calls } = fakeWallet({ requested: true, caipAddress: `eip155:1:${ADDRESS}` });
    expect(await recheck(wallet, { signedInBefore: false })).toEqual({ reloads: 0 });
    expect(calls).toEqual(['load', 'ready', 'open SIWXSignMessage']);
  });

  it('decides nothing when the session request gets no answer: no sign step, no reload', async () => {
    // "Could not ask" is not "signed out": offline, a signed-in user must not be asked to sign.
    for (const signedInBefore of [true, false]) {
      const { wallet, calls } = fakeWallet({
        requested: true,
        caipAddress: `eip155:1:${ADDRESS}`,
        sessionFails: true,
      });
      expect(await recheck(wallet, { signedInBefore })).toEqual({ reloads: 0 });
      expect(calls).toEqual(['load', 'ready']);
    }
  });

  it('signs again when the session belongs to another network, and leaves an open modal alone', async () => {
    const otherChain = fakeWallet({
      requested: true,
      caipAddress: `eip155:42161:${ADDRESS}`,
      session: SESSION,
    });
    expect(await recheck(otherChain.wallet, { signedInBefore: true })).toEqual({ reloads: 0 });
    expect(otherChain.calls.at(-1)).toBe('open SIWXSignMessage');

    const open = fakeWallet({
      requested: true,
      caipAddress: `eip155:1:${ADDRESS}`,
      modalOpen: true,
    });
    await recheck(open.wallet, { signedInBefore: false });
    expect(open.calls).toEqual(['load', 'ready']);
  });

  it('does nothing when no sign-in was pending: AppKit never used here, or no wallet connected', async () => {
    const untouched = fakeWallet({ requested: false, caipAddress: `eip155:1:${ADDRESS}` });
    expect(await recheck(untouched.wallet, { signedInBefore: false })).toEqual({ reloads: 0 });
    expect(untouched.calls).toEqual([]);

    const notConnected = fakeWallet({ requested: true });
    expect(await recheck(notConnected.wallet, { signedInBefore: false })).toEqual({ reloads: 0 });
    expect(notConnected.calls).toEqual(['load', 'ready']);
  });

  it('a tab killed mid sign-in loads AppKit at start-up, waits for its reconnect and opens the sign step', async () => {
    const storage = memoryStorage();
    markWalletSignInPending(storage);
    const { wallet, calls } = fakeWallet({
      requested: false,
      caipAddress: `eip155:1:${ADDRESS}`,
      restoresOnReady: true,
    });
    expect(await recheck(wallet, { signedInBefore: false, storage })).toEqual({ reloads: 0 });
    expect(calls).toEqual(['load', 'ready', 'open SIWXSignMessage']);
    expect(isWalletSignInPending(storage)).toBe(false);
  });

  it("keeps the note while AppKit loads, so AppKit's start-up restores the resumed connection", async () => {
    const storage = memoryStorage();
    markWalletSignInPending(storage);
    const { wallet } = fakeWallet({
      requested: false,
      caipAddress: `eip155:1:${ADDRESS}`,
      restoresOnReady: true,
    });
    const load = wallet.load.bind(wallet);
    let pendingWhileLoading: boolean | undefined;
    wallet.load = async () => {
      pendingWhileLoading = isWalletSignInPending(storage);
      return load();
    };
    await recheck(wallet, { signedInBefore: false, storage });
    expect(pendingWhileLoading).toBe(true);
    expect(isWalletSignInPending(storage)).toBe(false);
  });

  it('forgets the note even when AppKit fails to load', async () => {
    const storage = memoryStorage();
    markWalletSignInPending(storage);
    const { wallet } = fakeWallet({ requested: false });
    wallet.load = async () => {
      throw new Error('chunk failed');
    };
    await expect(recheck(wallet, { signedInBefore: false, storage })).rejects.toThrow(
      'chunk failed',
    );
    expect(isWalletSignInPending(storage)).toBe(false);
  });

  it('a killed tab whose sign-in the server already accepted shows it without another reload', async () => {
    const storage = memoryStorage();
    markWalletSignInPending(storage);
    const { wallet, calls } = fakeWallet({
      requested: false,
      caipAddress: `eip155:1:${ADDRESS}`,
      session: SESSION,
      restoresOnReady: true,
    });
    expect(await recheck(wallet, { signedInBefore: false, storage })).toEqual({ reloads: 0 });
    expect(calls).toEqual(['load', 'ready']);
  });
});
