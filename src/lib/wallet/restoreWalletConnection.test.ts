import { describe, expect, it } from 'vitest';
import type { WalletSession } from '#core/protocol/auth.ts';
import { mayRestoreWalletConnection } from './restoreWalletConnection.ts';

const session = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 1,
} as WalletSession;

describe('mayRestoreWalletConnection', () => {
  it('restores the connection of a signed-in page', () => {
    expect(mayRestoreWalletConnection({ session, resumingSignIn: false })).toBe(true);
  });

  it('drops it when the server has no session and no sign-in resumes', () => {
    // Signed out in another tab, session expired, or the signature never given.
    expect(mayRestoreWalletConnection({ session: null, resumingSignIn: false })).toBe(false);
  });

  it('restores it for a sign-in left for the wallet app, which has no session yet', () => {
    expect(mayRestoreWalletConnection({ session: null, resumingSignIn: true })).toBe(true);
  });

  it('restores it when the server gave no answer: offline is not signed out', () => {
    expect(mayRestoreWalletConnection({ session: undefined, resumingSignIn: false })).toBe(true);
  });
});
