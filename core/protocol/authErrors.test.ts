import { describe, expect, it } from 'vitest';
import { isUserRejection } from './authErrors.ts';

describe('isUserRejection', () => {
  it("treats 'user rejected' and 'connection request reset' as the user saying no", () => {
    expect(isUserRejection(new Error('User rejected the request.'))).toBe(true);
    expect(isUserRejection('Connection request reset. Please try again.')).toBe(true);
  });

  it('does not treat other failures as rejection', () => {
    expect(isUserRejection(new Error('Failed to fetch'))).toBe(false);
  });
});
