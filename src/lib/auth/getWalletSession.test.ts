import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getWalletSession } from './getWalletSession.ts';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function replyWith(body: string, status = 200) {
  vi.stubGlobal('fetch', async () => new Response(body, { status }));
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getWalletSession', () => {
  it('returns a session with a string address and a numeric chainId', async () => {
    replyWith(JSON.stringify({ address, chainId: 42161 }));
    await expect(getWalletSession()).resolves.toEqual({ address, chainId: 42161 });
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('is null for a visitor (401)', async () => {
    replyWith('', 401);
    await expect(getWalletSession()).resolves.toBeNull();
  });

  it("is null without a word for the server's visitor answer, JSON null", async () => {
    // What /auth/session sends a visitor (server/modules/auth/routes.ts): no session, no failure.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    replyWith('null');
    await expect(getWalletSession()).resolves.toBeNull();
    expect(console.warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['no address', { chainId: 1 }, 'SIWE session is missing address'],
    ['a numeric address', { address: 1, chainId: 1 }, 'SIWE session is missing address'],
    ['no chainId', { address }, 'SIWE session is missing chainId'],
    ['a string chainId', { address, chainId: '1' }, 'SIWE session is missing chainId'],
    ['a number', 1, 'siweControllerClient:getSession - session is undefined'],
  ])('counts a reply with %s as no session and says why', async (_, body, text) => {
    replyWith(JSON.stringify(body));
    await expect(getWalletSession()).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith(text);
  });

  it('counts a reply that is not JSON as no session', async () => {
    replyWith('<html>');
    await expect(getWalletSession()).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      'siweControllerClient:getSession - session is undefined',
    );
  });

  it("fails with 'Network response was not ok' on another non-OK reply", async () => {
    replyWith('', 500);
    await expect(getWalletSession()).rejects.toThrow(/^Network response was not ok$/);
  });
});
