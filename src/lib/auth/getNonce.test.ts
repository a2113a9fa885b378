import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNonce } from './getNonce.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getNonce', () => {
  it('returns the nonce the server issued, fetched uncached with credentials', async () => {
    const fetch = vi.fn(async () => new Response('abcdef0123456789\n'));
    vi.stubGlobal('fetch', fetch);
    await expect(getNonce()).resolves.toBe('abcdef0123456789');
    expect(fetch).toHaveBeenCalledWith('/auth/nonce', {
      credentials: 'include',
      cache: 'no-store',
    });
  });

  it("fails with 'Network response was not ok' on a non-OK reply", async () => {
    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }));
    await expect(getNonce()).rejects.toThrow(/^Network response was not ok$/);
  });

  it('fails with the nonce-undefined text on an empty reply', async () => {
    vi.stubGlobal('fetch', async () => new Response(''));
    await expect(getNonce()).rejects.toThrow(
      /^siweControllerClient:getNonce - nonce is undefined$/,
    );
  });
});
