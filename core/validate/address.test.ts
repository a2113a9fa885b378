import { describe, expect, it } from 'vitest';
import { isCaipAddress, isEvmAddress, isSolanaAddress } from './address.ts';

const hex40 = 'aBcDeF0123456789abcdef0123456789ABCDEF01';

describe('isEvmAddress', () => {
  it('accepts 40 hex digits with or without 0x, any case', () => {
    expect(isEvmAddress(`0x${hex40}`)).toBe(true);
    expect(isEvmAddress(hex40)).toBe(true);
    expect(isEvmAddress(`0x${hex40.toLowerCase()}`)).toBe(true);
  });

  it('refuses wrong lengths and non-hex digits', () => {
    expect(isEvmAddress(`0x${hex40.slice(1)}`)).toBe(false);
    expect(isEvmAddress(`0x${hex40}0`)).toBe(false);
    expect(isEvmAddress(`0x${hex40.slice(1)}g`)).toBe(false);
    expect(isEvmAddress('')).toBe(false);
  });
});

describe('isSolanaAddress', () => {
  it('accepts 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true);
    expect(isSolanaAddress('1'.repeat(32))).toBe(true);
    expect(isSolanaAddress('z'.repeat(44))).toBe(true);
  });

  it('refuses other lengths and characters outside base58 (0, O, I, l)', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false);
    expect(isSolanaAddress('1'.repeat(45))).toBe(false);
    expect(isSolanaAddress(`0${'1'.repeat(33)}`)).toBe(false);
    expect(isSolanaAddress(`O${'1'.repeat(33)}`)).toBe(false);
    expect(isSolanaAddress(`l${'1'.repeat(33)}`)).toBe(false);
  });
});

describe('isCaipAddress', () => {
  it('accepts namespace:chainId:address with a known namespace', () => {
    expect(isCaipAddress(`eip155:1:0x${hex40}`)).toBe(true);
    expect(
      isCaipAddress(
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      ),
    ).toBe(true);
    expect(isCaipAddress('bip122:000000000019d6689c085ae165831e93:bc1qaddr')).toBe(true);
    expect(isCaipAddress('polkadot:91b171bb158e2d3848fa23a9f1c25182:5Gaddr')).toBe(true);
  });

  it('refuses unknown namespaces, empty parts and wrong part counts', () => {
    expect(isCaipAddress('cosmos:cosmoshub-4:addr')).toBe(false);
    expect(isCaipAddress('eip155::0xabc')).toBe(false);
    expect(isCaipAddress('eip155:1:')).toBe(false);
    expect(isCaipAddress('eip155:1')).toBe(false);
    expect(isCaipAddress('eip155:1:0xabc:extra')).toBe(false);
  });
});
