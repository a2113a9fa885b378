import type { CreateAppKit } from '@reown/appkit/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP_PLATFORM } from '#core/wallet/platform.ts';
import { createAppKitOptions } from './appKitOptions.ts';
import { installWalletLinkRules } from './walletLinkRules.ts';

const options = createAppKitOptions({
  origin: 'https://gridmind.example',
  projectId: 'a'.repeat(32),
  adapters: [] as unknown as NonNullable<CreateAppKit['adapters']>,
  siwx: {} as NonNullable<CreateAppKit['siwx']>,
  enableReconnect: false,
});

describe('the AppKit configuration', () => {
  it('offers Ethereum and Arbitrum only, switches networks and refuses unsupported chains', () => {
    expect(options.networks.map((network) => network.id)).toEqual([1, 42161]);
    expect(options.defaultNetwork?.id).toBe(1);
    expect(options.enableNetworkSwitch).toBe(true);
    expect(options.allowUnsupportedChain).toBe(false);
  });

  it('passes the start-up decision on restoring the remembered connection to AppKit', () => {
    expect(options.enableReconnect).toBe(false);
    const restoring = createAppKitOptions({
      origin: 'https://gridmind.example',
      projectId: 'a'.repeat(32),
      adapters: [] as unknown as NonNullable<CreateAppKit['adapters']>,
      siwx: {} as NonNullable<CreateAppKit['siwx']>,
      enableReconnect: true,
    });
    expect(restoring.enableReconnect).toBe(true);
  });

  it('signs in with wallets only and keeps swaps, on-ramp, receive, send, history, analytics and all wallets', () => {
    expect(options.features).toMatchObject({
      email: false,
      socials: [],
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      history: true,
      analytics: true,
      allWallets: true,
    });
  });

  it('is dark and names Gridmind with the running origin', () => {
    expect(options.themeMode).toBe('dark');
    expect(options.metadata).toEqual({
      name: 'Gridmind',
      description: expect.stringContaining('Connect Four'),
      url: 'https://gridmind.example',
      icons: ['https://gridmind.example/logo.svg'],
    });
  });
});

// The real AppKit 1.8.24 controllers: the option is read where the modal opens a tapped wallet.
type Controllers = typeof import('@reown/appkit-controllers');
let appKit: Controllers;
beforeAll(async () => {
  appKit = await import('@reown/appkit-controllers');
}, 120_000);

const WC_URI = 'wc:7f6e@2?relay-protocol=irn&symKey=58&expiryTimestamp=1700000240';
const once = encodeURIComponent(WC_URI);

describe('universal links for wallets that have them', () => {
  it('a tapped wallet with a universal link opens it; one without opens its app scheme', () => {
    installWalletLinkRules(appKit, { platform: DESKTOP_PLATFORM, now: () => 0 });
    appKit.OptionsController.setPreferUniversalLinks(options.experimental_preferUniversalLinks);
    const opened = vi.spyOn(appKit.CoreHelperUtil, 'openHref').mockImplementation(() => {});
    appKit.ConnectionController.setUri(WC_URI);

    const rainbow = {
      id: 'rainbow',
      name: 'Rainbow',
      mobile_link: 'rainbow:',
      link_mode: 'https://rnbwapp.com',
    };
    appKit.ConnectionControllerUtil.onConnectMobile(rainbow as never);
    expect(opened).toHaveBeenLastCalledWith(`https://rnbwapp.com/wc?uri=${once}`, '_self');
    expect(appKit.ConnectionController.state.wcLinking?.href).toBe('https://rnbwapp.com/');

    const schemeOnly = { id: 'trust', name: 'Trust', mobile_link: 'trust:' };
    appKit.ConnectionControllerUtil.onConnectMobile(schemeOnly as never);
    expect(opened).toHaveBeenLastCalledWith(`trust://wc?uri=${once}`, '_self');
    opened.mockRestore();
  });
});
