import { describe, expect, it } from 'vitest';
import type { TokenBalance } from '#src/cache/records.ts';
import { TOKEN_BALANCE_OFFLINE, tokenBalancesView } from './tokenBalancesView.ts';

const usdc: TokenBalance = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  quantity: '1234.56789',
  usdValue: 1234.5,
  iconUrl: null,
};
const weth: TokenBalance = { ...usdc, symbol: 'WETH', quantity: '0.0009', usdValue: null };

describe('tokenBalancesView', () => {
  it('truncates amounts to 3 decimals and splits the USD value into dollars and pennies', () => {
    const view = tokenBalancesView(
      { data: { tokens: [usdc], fromCache: false }, error: null },
      true,
    );
    expect(view).toMatchObject({ kind: 'list', priced: true, savedOffline: false });
    expect(view.kind === 'list' && view.rows[0]).toMatchObject({
      amount: '1234.567 USDC',
      usd: { dollars: '$1,234', pennies: '.50' },
    });
  });

  it('shows no Value column when no token is priced (the RPC source), and 0.000 for dust', () => {
    const view = tokenBalancesView(
      { data: { tokens: [weth], fromCache: false }, error: null },
      true,
    );
    expect(view).toMatchObject({ kind: 'list', priced: false });
    expect(view.kind === 'list' && view.rows[0]?.amount).toBe('0.000 WETH');
  });

  it('says a known empty list is empty, and marks cache answers shown offline', () => {
    expect(
      tokenBalancesView({ data: { tokens: [], fromCache: false }, error: null }, true),
    ).toEqual({ kind: 'empty', savedOffline: false });
    const offline = tokenBalancesView(
      { data: { tokens: [usdc], fromCache: true }, error: null },
      false,
    );
    expect(offline).toMatchObject({ kind: 'list', savedOffline: true });
    const online = tokenBalancesView(
      { data: { tokens: [usdc], fromCache: true }, error: null },
      true,
    );
    expect(online).toMatchObject({ savedOffline: false });
  });

  it('keeps a known list over a failed refresh; without one, tells an error from being offline', () => {
    const failed = new Error('boom');
    const kept = tokenBalancesView(
      { data: { tokens: [usdc], fromCache: false }, error: failed },
      true,
    );
    expect(kept.kind).toBe('list');
    expect(tokenBalancesView({ error: failed }, true)).toEqual({
      kind: 'unavailable',
      message: 'Token Balance Unavailable',
      offline: false,
    });
    expect(tokenBalancesView({ error: failed }, false)).toMatchObject({
      message: TOKEN_BALANCE_OFFLINE,
      offline: true,
    });
    expect(tokenBalancesView({ error: null }, true)).toEqual({ kind: 'loading' });
  });
});
