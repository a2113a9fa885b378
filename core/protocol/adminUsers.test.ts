import { describe, expect, it } from 'vitest';
import {
  adminUsersQuerySchema,
  NOT_AN_ADDRESS_SEARCH,
  USER_SEARCH_TOO_SHORT,
  userSearchProblem,
} from './adminUsers.ts';

const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

describe('the admin user search', () => {
  it('takes any text no nickname rules out, including nickname-length text starting with 0x', () => {
    expect(userSearchProblem('')).toBeNull();
    expect(userSearchProblem('SwiftOtter1234')).toBeNull();
    expect(userSearchProblem('0xCafe')).toBeNull();
    // 24 characters, as long as a nickname can be: still a nickname search.
    expect(userSearchProblem(`0x${'z'.repeat(22)}`)).toBeNull();
    // Part of an address without its 0x: an ordinary search over addresses.
    expect(userSearchProblem(address.slice(2, 30))).toBeNull();
  });

  it('takes a whole address, with or without 0x', () => {
    expect(userSearchProblem(address)).toBeNull();
    expect(userSearchProblem(address.slice(2))).toBeNull();
  });

  it('refuses 0x text longer than a nickname that is not an address', () => {
    expect(userSearchProblem(`0x${'z'.repeat(23)}`)).toBe(NOT_AN_ADDRESS_SEARCH);
    expect(userSearchProblem(address.slice(0, -1))).toBe(NOT_AN_ADDRESS_SEARCH);
    expect(userSearchProblem(`${address}0`)).toBe(NOT_AN_ADDRESS_SEARCH);
    expect(userSearchProblem(`0X${address.slice(2)}`)).toBe(NOT_AN_ADDRESS_SEARCH);
  });

  it('checks the trimmed query and says why it refuses one', () => {
    expect(adminUsersQuerySchema.parse({ query: `  ${address} ` })).toEqual({ query: address });
    const refused = adminUsersQuerySchema.safeParse({ query: address.slice(0, -1) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([NOT_AN_ADDRESS_SEARCH]);
  });

  it('refuses one or two characters, which a trigram index cannot narrow, and takes three', () => {
    for (const short of ['a', '0x', 'zq']) {
      expect(userSearchProblem(short)).toBe(USER_SEARCH_TOO_SHORT);
      const refused = adminUsersQuerySchema.safeParse({ query: ` ${short} ` });
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([USER_SEARCH_TOO_SHORT]);
    }
    expect(userSearchProblem('abc')).toBeNull();
    expect(adminUsersQuerySchema.parse({ query: '   ' })).toEqual({ query: '' });
  });
});
