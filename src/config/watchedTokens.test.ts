import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_CHAIN_IDS } from '#core/protocol/auth.ts';
import { WATCHED_TOKENS } from './watchedTokens.ts';

describe('WATCHED_TOKENS', () => {
  it('lists tokens for every supported network, each once', () => {
    for (const chainId of SUPPORTED_CHAIN_IDS) {
      const tokens = WATCHED_TOKENS[chainId];
      expect(tokens.length, `chain ${chainId}`).toBeGreaterThan(0);
      const addresses = tokens.map((token) => token.address.toLowerCase());
      expect(new Set(addresses).size).toBe(addresses.length);
    }
  });

  it('spells every contract address with a valid EIP-55 checksum (a typo fails it)', () => {
    for (const token of Object.values(WATCHED_TOKENS).flat()) {
      expect(getAddress(token.address), token.symbol).toBe(token.address);
    }
  });

  it('gives every token decimals, so none is dropped as a zero-decimal token', () => {
    for (const token of Object.values(WATCHED_TOKENS).flat()) {
      expect(token.decimals, token.symbol).toBeGreaterThan(0);
    }
  });
});
