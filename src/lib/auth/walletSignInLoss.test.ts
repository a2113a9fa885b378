import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#core/protocol/auth.ts';
import {
  createWalletSignInLossHandler,
  type DisconnectableWallet,
  lostSignIn,
} from './walletSignInLoss.ts';

const user: Me = {
  userId: 'u1',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  userInfo: { nickname: 'alice', balance: 100, isAdmin: false },
};

/** AppKit as far as disconnecting goes: connected until told otherwise. */
class FakeAppKit implements DisconnectableWallet {
  disconnects = 0;

  constructor(private connected = true) {}

  async ready() {}

  getIsConnectedState() {
    return this.connected;
  }

  async disconnect() {
    this.disconnects += 1;
    this.connected = false;
  }
}

const fakeAppKit = (connected = true) => new FakeAppKit(connected);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lostSignIn', () => {
  it('is true only for a user followed by no user', () => {
    expect(lostSignIn(user, null)).toBe(true);
    expect(lostSignIn(user, user)).toBe(false);
    expect(lostSignIn(null, null)).toBe(false);
    expect(lostSignIn(undefined, null)).toBe(false);
    expect(lostSignIn(null, user)).toBe(false);
    expect(lostSignIn(user, undefined)).toBe(false);
  });
});

describe('createWalletSignInLossHandler', () => {
  it('disconnects a loaded, connected wallet when the user turns into a visitor', async () => {
    const appKit = fakeAppKit();
    const onUser = createWalletSignInLossHandler(async () => appKit);
    await onUser(undefined);
    await onUser(user);
    expect(appKit.disconnects).toBe(0);
    await onUser(null);
    expect(appKit.disconnects).toBe(1);
  });

  it('remembers the user across a loading state (undefined is no answer)', async () => {
    const appKit = fakeAppKit();
    const onUser = createWalletSignInLossHandler(async () => appKit);
    await onUser(user);
    await onUser(undefined);
    await onUser(null);
    expect(appKit.disconnects).toBe(1);
  });

  it('never asks for the wallet while the sign-in is kept or was never there', async () => {
    const loadedWallet = vi.fn(async () => fakeAppKit());
    const onUser = createWalletSignInLossHandler(loadedWallet);
    await onUser(null);
    await onUser(user);
    await onUser(user);
    expect(loadedWallet).not.toHaveBeenCalled();
  });

  it('leaves the wallet stack alone when the page never loaded it', async () => {
    const warn = vi.spyOn(console, 'warn');
    const onUser = createWalletSignInLossHandler(async () => undefined);
    await onUser(user);
    await onUser(null);
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not disconnect again a wallet Sign Out already disconnected', async () => {
    const appKit = fakeAppKit(false);
    const onUser = createWalletSignInLossHandler(async () => appKit);
    await onUser(user);
    await onUser(null);
    expect(appKit.disconnects).toBe(0);
  });

  it('logs a failed disconnect instead of failing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('Failed to disconnect');
    const appKit = fakeAppKit();
    appKit.disconnect = () => Promise.reject(failure);
    const onUser = createWalletSignInLossHandler(async () => appKit);
    await onUser(user);
    await onUser(null);
    expect(warn).toHaveBeenCalledWith('Wallet disconnect failed', failure);
  });

  it("starts AppKit for a visitor's page whose AppKit remembers a connection", async () => {
    let starts = 0;
    const onUser = createWalletSignInLossHandler(async () => undefined, {
      remembered: () => true,
      start: async () => void starts++,
    });
    await onUser(undefined);
    expect(starts).toBe(0);
    await onUser(null);
    expect(starts).toBe(1);
  });

  it('starts AppKit after a lost sign-in when the page had not loaded it', async () => {
    let starts = 0;
    const onUser = createWalletSignInLossHandler(async () => undefined, {
      remembered: () => true,
      start: async () => void starts++,
    });
    await onUser(user);
    expect(starts).toBe(0);
    await onUser(null);
    expect(starts).toBe(1);
  });

  it('starts nothing when nothing is remembered, or for a signed-in user', async () => {
    let remembers = false;
    let starts = 0;
    const onUser = createWalletSignInLossHandler(async () => undefined, {
      remembered: () => remembers,
      start: async () => void starts++,
    });
    await onUser(null);
    remembers = true;
    await onUser(user);
    expect(starts).toBe(0);
  });

  it('logs a failed start instead of failing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('chunk failed');
    const onUser = createWalletSignInLossHandler(async () => undefined, {
      remembered: () => true,
      start: () => Promise.reject(failure),
    });
    await onUser(null);
    expect(warn).toHaveBeenCalledWith('Wallet disconnect failed', failure);
  });
});
