import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifySignIn } from './verifySignIn.ts';

const body = { message: 'localhost wants you to sign in…', signature: '0xabc' };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('verifySignIn', () => {
  it('is true only when the server answers success: true, posting the message and signature', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ success: true }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(verifySignIn(body)).resolves.toBe(true);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/auth/verify');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it.each([
    ['success: false', { success: false }],
    ['success: "true"', { success: 'true' }],
    ['no success field', {}],
  ])('is false on %s', async (_, reply) => {
    vi.stubGlobal('fetch', async () => Response.json(reply));
    await expect(verifySignIn(body)).resolves.toBe(false);
  });

  it('logs a non-OK reply and returns false without throwing a message for the user', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 401 }));
    await expect(verifySignIn(body)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith('Error verifying SIWE signature', 401);
  });

  it('logs an unreachable server and returns false', async () => {
    const failure = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', async () => {
      throw failure;
    });
    await expect(verifySignIn(body)).resolves.toBe(false);
    expect(console.error).toHaveBeenCalledWith('Error verifying SIWE signature', failure);
  });
});
