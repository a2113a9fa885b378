import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../core/protocol/auth.ts';
import type { DisconnectableWallet } from '../../../lib/auth/walletSignInLoss.ts';
import { useDisconnectWalletOnSignInLoss } from './useDisconnectWalletOnSignInLoss.ts';

// The browser bundle aliases react to preact/compat (vite.config.ts); unit tests do the same here.
vi.mock('react', () => import('preact/compat'));

const user: Me = {
  userId: 'u1',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  userInfo: { nickname: 'alice', balance: 100, isAdmin: false },
};

/** A mount point for a component that renders nothing: Preact needs no real DOM for it. */
function emptyParent(): Element {
  return {
    childNodes: [],
    firstChild: null,
    nodeType: 1,
    localName: 'div',
    namespaceURI: 'http://www.w3.org/1999/xhtml',
  } as unknown as Element;
}

/** Renders nothing; only runs the hook with the props it gets. */
function Probe(props: {
  me: Me | null | undefined;
  loadedWallet: () => Promise<DisconnectableWallet | undefined>;
}) {
  useDisconnectWalletOnSignInLoss(props.me, props.loadedWallet);
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
    const parent = emptyParent();
    const show = (me: Me | null | undefined) =>
      act(() => render(h(Probe, { me, loadedWallet }), parent));

    await show(undefined);
    await show(user);
    await show(user);
    expect(appKit.disconnects).toBe(0);
    await show(null);
    await vi.waitFor(() => expect(appKit.disconnects).toBe(1));
    await act(() => render(null, parent));
  });
});
