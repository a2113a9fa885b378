import { describe, expect, it } from 'vitest';
import { formatBalance } from '#core/format/balance.ts';
import { minorToDecimal } from './minorToDecimal.ts';

describe('minorToDecimal', () => {
  it('keeps every digit of large wei amounts', () => {
    expect(minorToDecimal(123_456_789_012_345_678_901n, 18)).toBe('123.456789012345678901');
  });

  it('handles amounts under one unit, whole amounts and zero', () => {
    expect(minorToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(minorToDecimal(2_000_000n, 6)).toBe('2');
    expect(minorToDecimal(0n, 18)).toBe('0');
    expect(minorToDecimal(-15n, 1)).toBe('-1.5');
  });

  it('feeds the balance display: truncated, not rounded, to 3 decimals', () => {
    expect(formatBalance(minorToDecimal(1_999_999_999_999_999_999n, 18), 'ETH')).toBe('1.999 ETH');
    expect(formatBalance(minorToDecimal(0n, 18), 'ETH')).toBe('0.000 ETH');
  });
});
