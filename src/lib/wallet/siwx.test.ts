import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { renderSignInMessage, SIGN_IN_STATEMENT } from './siwx.ts';

const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('renderSignInMessage', () => {
  it('renders EIP-4361 text with the page host, origin, chain, nonce and times', () => {
    const text = renderSignInMessage({
      accountAddress: address,
      chainId: 'eip155:42161',
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      version: '1',
      nonce: 'abcdef0123456789',
      statement: SIGN_IN_STATEMENT,
      issuedAt: '2026-01-02T03:04:05.000Z',
      expirationTime: '2026-01-02T03:14:05.000Z',
    });
    expect(text.split('\n')[0]).toBe(
      'localhost:8080 wants you to sign in with your Ethereum account:',
    );
    expect(parseSiweMessage(text)).toMatchObject({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 42161,
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      version: '1',
      nonce: 'abcdef0123456789',
      statement: SIGN_IN_STATEMENT,
    });
    expect(text).toContain('Issued At: 2026-01-02T03:04:05.000Z');
    expect(text).toContain('Expiration Time: 2026-01-02T03:14:05.000Z');
  });

  it('refuses a chain outside eip155', () => {
    expect(() =>
      renderSignInMessage({
        accountAddress: address,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        domain: 'localhost',
        uri: 'http://localhost',
        version: '1',
        nonce: 'abcdef0123456789',
      }),
    ).toThrow('Failed to get message params!');
  });
});
