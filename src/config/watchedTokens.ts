/** An ERC-20 token the wallet panel reads with `balanceOf` when Reown's balance API is not used. */
export interface WatchedToken {
  readonly address: `0x${string}`;
  readonly symbol: string;
  readonly name: string;
  /** Fixed by the contract; kept here so a balance costs one call, not three. */
  readonly decimals: number;
}

/**
 * The short token list per supported network (Ethereum mainnet, Arbitrum One) read over RPC
 * without a real Reown project id: the dollar stablecoins and wrapped ether most wallets hold.
 * Arbitrum's USDC is Circle's native token, not the bridged USDC.e.
 */
export const WATCHED_TOKENS: Readonly<Record<1 | 42161, readonly WatchedToken[]>> = {
  1: [
    {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
    {
      address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
    },
    {
      address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      decimals: 18,
    },
    {
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
    },
  ],
  42161: [
    {
      address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
    },
    {
      address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      symbol: 'USDT',
      name: 'Tether USD',
      decimals: 6,
    },
    {
      address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
    },
    {
      address: '0x912CE59144191C1204E64559FE8253a0e49E6548',
      symbol: 'ARB',
      name: 'Arbitrum',
      decimals: 18,
    },
  ],
};
