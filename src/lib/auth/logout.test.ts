import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from './logout.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('succeeds when the reply body is exactly {}', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await expect(logout()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith('/auth/logout', {
      credentials: 'include',
      cache: 'no-store',
    });
  });

  it.each([
    ['an empty body', ''],
    ['{} with spacing', '{ }'],
    ['another JSON object', '{"ok":true}'],
    ['true', 'true'],
  ])('fails on %s', async (_, body) => {
    vi.stubGlobal('fetch', async () => new Response(body));
    await expect(logout()).resolves.toBe(false);
  });

  it('fails on a non-OK reply even with {} and when the server is unreachable', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    await expect(logout()).resolves.toBe(false);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(logout()).resolves.toBe(false);
  });
});
