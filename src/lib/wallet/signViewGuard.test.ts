import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSignViewGuard, SIGN_VIEW } from './signViewGuard.ts';

// The real AppKit 1.8.24 controllers, as the modal runs them. Only Reown's cloud stands in:
// opening the modal prefetches wallet lists from it, and here it is unreachable, as offline.
type Controllers = typeof import('@reown/appkit-controllers');
let appKit: Controllers;
beforeAll(async () => {
  appKit = await import('@reown/appkit-controllers');
  installSignViewGuard(appKit);
}, 120_000);

const ADDRESS = 'eip155:1:0x243E3B92a19BEf64dbD4C8E94fb393296a4992E6';

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  appKit.ModalController.close();
  appKit.ChainController.state.activeCaipAddress = undefined;
  vi.unstubAllGlobals();
});

/** Opens the modal the way AppKit's SIWX start-up does, through the exported controller. */
const openSignView = () => appKit.ModalController.open({ view: SIGN_VIEW as 'Connect' });

describe('the sign view opens only while a wallet is connected', () => {
  it('stays closed when no wallet is connected (a late "no session" for a dropped wallet)', async () => {
    await openSignView();
    expect(appKit.ModalController.state.open).toBe(false);
  });

  it('opens on the sign view for a connected wallet', async () => {
    appKit.ChainController.state.activeCaipAddress = ADDRESS;
    await openSignView();
    expect(appKit.ModalController.state.open).toBe(true);
    expect(appKit.RouterController.state.view).toBe(SIGN_VIEW);
  });

  it('leaves every other view alone: Login opens the wallet list with no wallet connected', async () => {
    await appKit.ModalController.open({ view: 'Connect' });
    expect(appKit.ModalController.state.open).toBe(true);
    expect(appKit.RouterController.state.view).toBe('Connect');
  });

  it('a late sign view does not replace the wallet list the user opened meanwhile', async () => {
    await appKit.ModalController.open({ view: 'Connect' });
    await openSignView();
    expect(appKit.RouterController.state.view).toBe('Connect');
  });
});
