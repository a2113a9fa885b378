import { describe, expect, it } from 'vitest';
import { isEvmAddress, normalizeEvmAddress } from './address.ts';

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

  it('refuses a capital 0X, surrounding spaces and a Solana or CAIP address (the product is EVM only)', () => {
    expect(isEvmAddress(`0X${hex40}`)).toBe(false);
    expect(isEvmAddress(` 0x${hex40}`)).toBe(false);
    expect(isEvmAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(false);
    expect(isEvmAddress(`eip155:1:0x${hex40}`)).toBe(false);
  });
});

describe('normalizeEvmAddress', () => {
  it('writes every accepted spelling as 0x and lowercase digits', () => {
    const stored = `0x${hex40.toLowerCase()}`;
    expect(normalizeEvmAddress(`0x${hex40}`)).toBe(stored);
    expect(normalizeEvmAddress(hex40)).toBe(stored);
    expect(normalizeEvmAddress(stored)).toBe(stored);
  });
});
