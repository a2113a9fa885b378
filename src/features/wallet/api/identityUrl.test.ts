import { describe, expect, it } from 'vitest';
import { identityUrl } from './identityUrl.ts';

describe('identityUrl', () => {
  it('asks for the address as its own sender, with the SDK type, version and project id', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const url = new URL(
      identityUrl(address, {
        projectId: 'abc123',
        sdk: { type: 'appkit', version: 'html-wagmi-1.8.24' },
      }),
    );
    expect(url.origin + url.pathname).toBe(`https://rpc.walletconnect.org/v1/identity/${address}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sender: address,
      st: 'appkit',
      sv: 'html-wagmi-1.8.24',
      projectId: 'abc123',
    });
  });
});
