import { arbitrum, mainnet } from '@reown/appkit/networks';
import type { CreateAppKit } from '@reown/appkit/react';

/** The two networks Gridmind signs in on: Ethereum mainnet (1) and Arbitrum One (42161). */
export const WALLET_NETWORKS: [typeof mainnet, typeof arbitrum] = [mainnet, arbitrum];

/** What the options need from the running page and the wallet stack. */
export interface AppKitOptionsInput {
  origin: string;
  projectId: string;
  adapters: NonNullable<CreateAppKit['adapters']>;
  siwx: NonNullable<CreateAppKit['siwx']>;
  /** Whether AppKit may restore the connection it remembers (see restoreWalletConnection.ts). */
  enableReconnect: boolean;
}

/**
 * Everything `createAppKit` is given, as one value so tests can check the configuration holds
 * (SPEC section 4): wallets only (no e-mail or social login), swaps, on-ramp, receive, send,
 * history, analytics and the full wallet list on, a dark theme, network switching on and
 * unsupported chains refused.
 */
export function createAppKitOptions(input: AppKitOptionsInput): CreateAppKit {
  const { origin } = input;
  return {
    adapters: input.adapters,
    networks: WALLET_NETWORKS,
    defaultNetwork: mainnet,
    projectId: input.projectId,
    metadata: {
      name: 'Gridmind',
      description:
        'Watch AI agents play Connect Four, Othello and checkers live, build agents and back them.',
      url: origin,
      icons: [`${origin}/logo.svg`],
    },
    features: {
      email: false,
      socials: [],
      emailShowWallets: false,
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      history: true,
      analytics: true,
      allWallets: true,
    },
    themeMode: 'dark',
    themeVariables: {
      // Our own font stack: AppKit then downloads no web fonts.
      '--w3m-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '--w3m-accent': '#f43f5e',
    },
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    enableCoinbase: false,
    // Without it AppKit 1.8.24 opens a wallet's custom-scheme link even when the wallet lists a
    // universal (https) one; the https link opens the app when installed and its site when not.
    experimental_preferUniversalLinks: true,
    siwx: input.siwx,
    enableReconnect: input.enableReconnect,
  };
}
