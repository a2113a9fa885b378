// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '#core/protocol/auth.ts';
import type { DisconnectableWallet, RememberedWallet } from '#src/lib/auth/walletSignInLoss.ts';
import { useDisconnectWalletOnSignInLoss } from './useDisconnectWalletOnSignInLoss.ts';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user: Me = {
  userId: 'u1',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  userInfo: { nickname: 'alice', balance: 100, isAdmin: false },
};

/** Renders nothing; only runs the hook with the props it gets. */
function Probe(props: {
  me: Me | null | undefined;
  loadedWallet: () => Promise<DisconnectableWallet | undefined>;
  rememberedWallet?: RememberedWallet;
}) {
  useDisconnectWalletOnSignInLoss(props.me, props.loadedWallet, props.rememberedWallet);
  return null;
}

describe('useDisconnectWalletOnSignInLoss', () => {
  it('disconnects the loaded wallet once the rendered user turns into a visitor', async () => {
    const appKit = {
      disconnects: 0,
      ready: async () => {},
      getIsConnectedState: () => appKit.disconnects === 0,
      disconnect: async () => {
        appKit.disconnects += 1;
      },
    };
    const loadedWallet = async () => appKit;
    const root = createRoot(document.createElement('div'));
    const show = (me: Me | null | undefined) =>
      act(() => root.render(createElement(Probe, { me, loadedWallet })));

    await show(undefined);
    await show(user);
    await show(user);
    expect(appKit.disconnects).toBe(0);
    await show(null);
    await vi.waitFor(() => expect(appKit.disconnects).toBe(1));
    act(() => root.unmount());
  });

  it('starts AppKit for a visitor whose page remembers a wallet, and not for a signed-in user', async () => {
    let starts = 0;
    const rememberedWallet = { remembered: () => true, start: async () => void starts++ };
    const loadedWallet = async () => undefined;
    const root = createRoot(document.createElement('div'));
    const show = (me: Me | null | undefined) =>
      act(() => root.render(createElement(Probe, { me, loadedWallet, rememberedWallet })));

    await show(undefined);
    await show(user);
    expect(starts).toBe(0);
    await show(null);
    await vi.waitFor(() => expect(starts).toBe(1));
    act(() => root.unmount());
  });
});
