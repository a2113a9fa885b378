import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_RECHECK_MS,
  type WatchedAccount,
  type WatchedWallet,
  watchWalletSignIn,
} from './watchWalletSignIn.ts';

const alice = 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const aliceOnArbitrum = 'eip155:42161:0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = 'eip155:1:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const signedIn = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 1 };

/** AppKit as the watcher sees it: account updates are pushed by the test. */
class FakeWallet implements WatchedWallet {
  open = false;
  disconnects = 0;
  private listener: ((account: WatchedAccount) => void) | undefined;

  subscribeAccount(callback: (account: WatchedAccount) => void) {
    this.listener = callback;
    return () => {
      this.listener = undefined;
    };
  }

  isOpen() {
    return this.open;
  }

  async disconnect() {
    this.disconnects += 1;
  }

  emit(account: WatchedAccount) {
    this.listener?.(account);
  }
}

const fakeWallet = () => new FakeWallet();

/** The product server at its HTTP boundary: the session it reports, and the calls it got. */
function stubServer(session: { address: string; chainId: number } | null) {
  const server = { session, calls: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      server.calls.push(url);
      if (url === '/auth/session') {
        return server.session ? new Response(JSON.stringify(server.session)) : Response.json(null);
      }
      if (url === '/auth/logout') {
        server.session = null;
        return new Response('{}');
      }
      return new Response('', { status: 404 });
    }),
  );
  return server;
}

/**
 * Lets the watcher's fetch chains finish, the sign-out's lazily loaded push step (logout.ts)
 * included.
 */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(0);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchWalletSignIn: clearing the sign-in', () => {
  it('does not clear on the first settled account, only notes it', async () => {
    const server = stubServer(signedIn);
    const wallet = fakeWallet();
    const onSignInCleared = vi.fn();
    watchWalletSignIn(wallet, { onSignInCleared });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    await settle();
    expect(server.calls).toEqual([]);
    expect(onSignInCleared).not.toHaveBeenCalled();
  });

  it.each([
    ['an account change', { caipAddress: bob, status: 'connected' }, 1],
    ['a network change', { caipAddress: aliceOnArbitrum, status: 'connected' }, 1],
    ['a disconnect', { caipAddress: undefined, status: 'disconnected' }, 0],
  ])(
    'logs out on %s while signed in, then disconnects a wallet still connected',
    async (_, change, disconnects) => {
      const server = stubServer(signedIn);
      const wallet = fakeWallet();
      const onSignInCleared = vi.fn();
      watchWalletSignIn(wallet, { onSignInCleared });
      wallet.emit({ caipAddress: alice, status: 'connected' });
      wallet.emit(change);
      await settle();
      expect(server.calls).toEqual(['/auth/session', '/auth/logout']);
      expect(server.session).toBeNull();
      expect(wallet.disconnects).toBe(disconnects);
      expect(onSignInCleared).toHaveBeenCalledTimes(1);
    },
  );

  it('does not clear while the wallet is still connecting or reconnecting', async () => {
    const server = stubServer(signedIn);
    const wallet = fakeWallet();
    const onSignInCleared = vi.fn();
    watchWalletSignIn(wallet, { onSignInCleared });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    wallet.emit({ caipAddress: undefined, status: 'reconnecting' });
    wallet.emit({ caipAddress: undefined, status: 'connecting' });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    await settle();
    expect(server.calls).toEqual([]);
    expect(onSignInCleared).not.toHaveBeenCalled();
  });

  it('does nothing when the sign-in is already gone (Sign Out ended it first)', async () => {
    const server = stubServer(null);
    const wallet = fakeWallet();
    const onSignInCleared = vi.fn();
    watchWalletSignIn(wallet, { onSignInCleared });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    wallet.emit({ caipAddress: undefined, status: 'disconnected' });
    await settle();
    expect(server.calls).toEqual(['/auth/session']);
    expect(onSignInCleared).not.toHaveBeenCalled();
  });
});

describe('watchWalletSignIn: the 5-minute session re-check', () => {
  it('asks the server every 5 minutes while connected and keeps a live session', async () => {
    const server = stubServer(signedIn);
    const wallet = fakeWallet();
    watchWalletSignIn(wallet, { onSignInCleared: vi.fn() });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS - 1);
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual(['/auth/session']);
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
    expect(server.calls).toEqual(['/auth/session', '/auth/session']);
    expect(wallet.disconnects).toBe(0);
  });

  it('disconnects the wallet and reports the cleared sign-in once the server session ended', async () => {
    const server = stubServer(signedIn);
    const wallet = fakeWallet();
    const onSignInCleared = vi.fn();
    watchWalletSignIn(wallet, { onSignInCleared });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    server.session = null; // idle or absolute expiry on the server
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
    expect(wallet.disconnects).toBe(1);
    expect(onSignInCleared).toHaveBeenCalledTimes(1);
  });

  it('keeps the wallet while the server is unreachable or the sign view is open', async () => {
    const server = stubServer(null);
    const wallet = fakeWallet();
    watchWalletSignIn(wallet, { onSignInCleared: vi.fn() });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    wallet.open = true;
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
    expect(server.calls).toEqual([]);
    wallet.open = false;
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
    expect(wallet.disconnects).toBe(0);
  });

  it('stops re-checking once the wallet disconnects or the watcher stops', async () => {
    const server = stubServer(null);
    const wallet = fakeWallet();
    const stop = watchWalletSignIn(wallet, { onSignInCleared: vi.fn() });
    wallet.emit({ caipAddress: alice, status: 'connected' });
    wallet.emit({ caipAddress: undefined, status: 'disconnected' });
    await settle();
    server.calls.length = 0;
    await vi.advanceTimersByTimeAsync(2 * SESSION_RECHECK_MS);
    expect(server.calls).toEqual([]);

    wallet.emit({ caipAddress: alice, status: 'connected' });
    stop();
    await vi.advanceTimersByTimeAsync(2 * SESSION_RECHECK_MS);
    expect(server.calls).toEqual([]);
  });
});
