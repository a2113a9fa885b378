import { describe, expect, it } from 'vitest';
import { hasSignInHint } from './signInHint.ts';

describe('hasSignInHint', () => {
  it('finds the hint on http and its __Host- form on https, among other cookies', () => {
    expect(hasSignInHint('gridmind_signed_in=1')).toBe(true);
    expect(hasSignInHint('theme=dark; gridmind_signed_in=1; lang=en')).toBe(true);
    expect(hasSignInHint('a=b;__Host-gridmind_signed_in=1')).toBe(true);
  });

  it('is false for no cookies, other cookies and names that only contain it', () => {
    expect(hasSignInHint('')).toBe(false);
    expect(hasSignInHint('theme=dark; lang=en')).toBe(false);
    expect(hasSignInHint('x_gridmind_signed_in=1; gridmind_signed_in_old=1')).toBe(false);
    expect(hasSignInHint('note=gridmind_signed_in')).toBe(false);
    expect(hasSignInHint('gridmind_signed_in')).toBe(false);
  });
});
