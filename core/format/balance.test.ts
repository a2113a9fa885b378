import { describe, expect, it } from 'vitest';
import { formatBalance, formatThousands, splitTokenAmount } from './balance.ts';

describe('formatBalance', () => {
  it('truncates to 3 decimals instead of rounding', () => {
    expect(formatBalance('1.23999')).toBe('1.239');
    expect(formatBalance(0.9999)).toBe('0.999');
  });

  it('shows 0.000 for empty, zero or unreadable balances', () => {
    expect(formatBalance(undefined)).toBe('0.000');
    expect(formatBalance('')).toBe('0.000');
    expect(formatBalance('0')).toBe('0.000');
    expect(formatBalance('0.0000001')).toBe('0.000');
    expect(formatBalance('abc')).toBe('0.000');
  });

  it('pads short fractions and keeps large values exact', () => {
    expect(formatBalance('2.5')).toBe('2.500');
    expect(formatBalance('123456789012345678901.987654')).toBe('123456789012345678901.987');
  });

  it('appends the symbol when given', () => {
    expect(formatBalance('1.5', 'ETH')).toBe('1.500 ETH');
    expect(formatBalance(undefined, 'ETH')).toBe('0.000 ETH');
  });

  it('keeps the sign of negative values but not of a truncated zero', () => {
    expect(formatBalance('-1.23456')).toBe('-1.234');
    expect(formatBalance('-0.0001')).toBe('0.000');
  });
});

describe('formatThousands', () => {
  it('groups digits by three with commas', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(1234567)).toBe('1,234,567');
    expect(formatThousands(-1234567)).toBe('-1,234,567');
    expect(formatThousands(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
  });
});

describe('splitTokenAmount', () => {
  it('splits a two-decimal amount into dollars and pennies', () => {
    expect(splitTokenAmount(12.3)).toEqual({ dollars: '12', pennies: '30' });
    expect(splitTokenAmount(0)).toEqual({ dollars: '0', pennies: '00' });
    expect(splitTokenAmount(Number.NaN)).toEqual({ dollars: '0', pennies: '00' });
  });
});
