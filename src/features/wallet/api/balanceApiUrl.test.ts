import { describe, expect, it } from 'vitest';
import { balanceApiUrl } from './balanceApiUrl.ts';

describe('balanceApiUrl', () => {
  it('asks for USD values on the CAIP-2 chain, with the SDK type, version and project id', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const url = new URL(
      balanceApiUrl(address, 42161, {
        projectId: 'abc123',
        sdk: { type: 'appkit', version: 'react-wagmi-1.8.24' },
      }),
    );
    expect(url.origin + url.pathname).toBe(
      `https://rpc.walletconnect.org/v1/account/${address}/balance`,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currency: 'usd',
      chainId: 'eip155:42161',
      st: 'appkit',
      sv: 'react-wagmi-1.8.24',
      projectId: 'abc123',
    });
  });
});
