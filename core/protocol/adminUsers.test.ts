import { describe, expect, it } from 'vitest';
import { adminUsersQuerySchema, isValidUserSearch, NOT_AN_ADDRESS_SEARCH } from './adminUsers.ts';

const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

describe('the admin user search', () => {
  it('takes any text no nickname rules out, including nickname-length text starting with 0x', () => {
    expect(isValidUserSearch('')).toBe(true);
    expect(isValidUserSearch('SwiftOtter1234')).toBe(true);
    expect(isValidUserSearch('0xCafe')).toBe(true);
    // 24 characters, as long as a nickname can be: still a nickname search.
    expect(isValidUserSearch(`0x${'z'.repeat(22)}`)).toBe(true);
    // Part of an address without its 0x: an ordinary search over addresses.
    expect(isValidUserSearch(address.slice(2, 30))).toBe(true);
  });

  it('takes a whole address, with or without 0x', () => {
    expect(isValidUserSearch(address)).toBe(true);
    expect(isValidUserSearch(address.slice(2))).toBe(true);
  });

  it('refuses 0x text longer than a nickname that is not an address', () => {
    expect(isValidUserSearch(`0x${'z'.repeat(23)}`)).toBe(false);
    expect(isValidUserSearch(address.slice(0, -1))).toBe(false);
    expect(isValidUserSearch(`${address}0`)).toBe(false);
    expect(isValidUserSearch(`0X${address.slice(2)}`)).toBe(false);
  });

  it('checks the trimmed query and says why it refuses one', () => {
    expect(adminUsersQuerySchema.parse({ query: `  ${address} ` })).toEqual({ query: address });
    const refused = adminUsersQuerySchema.safeParse({ query: address.slice(0, -1) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([NOT_AN_ADDRESS_SEARCH]);
  });
});
