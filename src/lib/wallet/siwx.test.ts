import { parseSiweMessage } from 'viem/siwe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiwxConfig, renderSignInMessage, SIGN_IN_STATEMENT } from './siwx.ts';

const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('renderSignInMessage', () => {
  it('renders EIP-4361 text with the page host, origin, chain, nonce and times', () => {
    const text = renderSignInMessage({
      accountAddress: address,
      chainId: 'eip155:42161',
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      version: '1',
      nonce: 'abcdef0123456789',
      statement: SIGN_IN_STATEMENT,
      issuedAt: '2026-01-02T03:04:05.000Z',
      expirationTime: '2026-01-02T03:14:05.000Z',
    });
    expect(text.split('\n')[0]).toBe(
      'localhost:8080 wants you to sign in with your Ethereum account:',
    );
    expect(parseSiweMessage(text)).toMatchObject({
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 42161,
      domain: 'localhost:8080',
      uri: 'http://localhost:8080',
      version: '1',
      nonce: 'abcdef0123456789',
      statement: SIGN_IN_STATEMENT,
    });
    expect(text).toContain('Issued At: 2026-01-02T03:04:05.000Z');
    expect(text).toContain('Expiration Time: 2026-01-02T03:14:05.000Z');
  });

  it('refuses a chain outside eip155', () => {
    expect(() =>
      renderSignInMessage({
        accountAddress: address,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        domain: 'localhost',
        uri: 'http://localhost',
        version: '1',
        nonce: 'abcdef0123456789',
      }),
    ).toThrow('Failed to get message params!');
  });
});

const env = {
  location: { host: 'gridmind.test:8443', origin: 'https://gridmind.test:8443' },
  now: () => new Date('2026-03-04T05:06:07.000Z'),
  onSignedIn: () => {},
  mayBeSignedIn: () => true,
};

/** The product server at its HTTP boundary, answering each path from a table. */
function stubServer(replies: Record<string, () => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return replies[url]?.() ?? new Response('', { status: 404 });
    }),
  );
  return calls;
}

describe('createSiwxConfig', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("creates the message from the page's host and origin, the chain, the server's nonce and now", async () => {
    stubServer({ '/auth/nonce': () => new Response('nonce0123456789ab') });
    const message = await createSiwxConfig(env).createMessage({
      accountAddress: address,
      chainId: 'eip155:42161',
    });
    expect(message).toMatchObject({
      accountAddress: address,
      chainId: 'eip155:42161',
      domain: 'gridmind.test:8443',
      uri: 'https://gridmind.test:8443',
      version: '1',
      nonce: 'nonce0123456789ab',
      statement: SIGN_IN_STATEMENT,
      issuedAt: '2026-03-04T05:06:07.000Z',
      expirationTime: '2026-03-04T05:16:07.000Z',
    });
    expect(message.toString()).toContain('Issued At: 2026-03-04T05:06:07.000Z');
    expect(message.toString()).toContain('Nonce: nonce0123456789ab');
  });

  it('asks the server for a fresh nonce for every message (AppKit calls createMessage per signature)', async () => {
    const nonces = ['nonce000000000001', 'nonce000000000002'];
    const calls = stubServer({ '/auth/nonce': () => new Response(nonces.shift()) });
    const siwx = createSiwxConfig(env);
    const input = { accountAddress: address, chainId: 'eip155:1' } as const;
    const first = await siwx.createMessage(input);
    const second = await siwx.createMessage(input);
    expect(calls).toEqual(['/auth/nonce', '/auth/nonce']);
    expect(first.nonce).not.toBe(second.nonce);
  });

  it("refuses to create a message without an address or chain: 'Failed to get message params!'", async () => {
    const calls = stubServer({});
    await expect(
      createSiwxConfig(env).createMessage({ accountAddress: '', chainId: 'eip155:1' }),
    ).rejects.toThrow(/^Failed to get message params!$/);
    expect(calls).toEqual([]);
  });

  it("addSession throws 'Failed to verify message' when the server does not verify", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({ '/auth/verify': () => Response.json({ success: false }) });
    const onSignedIn = vi.fn();
    const siwx = createSiwxConfig({ ...env, onSignedIn });
    const data = createMessageData();
    await expect(
      siwx.addSession({ data, message: 'signed text', signature: '0x1' }),
    ).rejects.toThrow(/^Failed to verify message$/);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('addSession reports the sign-in once the server verified it', async () => {
    stubServer({ '/auth/verify': () => Response.json({ success: true }) });
    const onSignedIn = vi.fn();
    const siwx = createSiwxConfig({ ...env, onSignedIn });
    const data = createMessageData();
    await siwx.addSession({ data, message: 'signed text', signature: '0x1' });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("addSession refuses an empty message: 'siweControllerClient:createMessage - message is undefined'", async () => {
    const calls = stubServer({});
    const data = createMessageData();
    await expect(
      createSiwxConfig(env).addSession({ data, message: '', signature: '0x1' }),
    ).rejects.toThrow(/^siweControllerClient:createMessage - message is undefined$/);
    expect(calls).toEqual([]);
  });

  it('getSessions returns the server session for the same address (any case) and chain', async () => {
    stubServer({ '/auth/session': () => Response.json({ address, chainId: 42161 }) });
    const sessions = await createSiwxConfig(env).getSessions(
      'eip155:42161',
      address.toUpperCase().replace('0X', '0x'),
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.data).toMatchObject({ accountAddress: address, chainId: 'eip155:42161' });
  });

  it.each([
    ['another address', 'eip155:42161', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    ['another chain', 'eip155:1', address],
  ] as const)('getSessions returns nothing for %s', async (_, chainId, wallet) => {
    stubServer({ '/auth/session': () => Response.json({ address, chainId: 42161 }) });
    await expect(createSiwxConfig(env).getSessions(chainId, wallet)).resolves.toEqual([]);
  });

  it('getSessions returns nothing for a visitor, without a console message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // JSON null is what /auth/session answers a visitor.
    stubServer({ '/auth/session': () => Response.json(null) });
    await expect(createSiwxConfig(env).getSessions('eip155:1', address)).resolves.toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('setSessions with none logs out a page that may be signed in, and asks nothing of a visitor', async () => {
    const calls = stubServer({ '/auth/logout': () => new Response('{}') });
    await createSiwxConfig(env).setSessions([]);
    expect(calls).toEqual(['/auth/logout']);
    await createSiwxConfig({ ...env, mayBeSignedIn: () => false }).setSessions([]);
    expect(calls).toEqual(['/auth/logout']);
  });

  it("revokeSession throws 'Network response was not ok' when the logout is not confirmed", async () => {
    stubServer({ '/auth/logout': () => new Response('', { status: 500 }) });
    await expect(createSiwxConfig(env).revokeSession('eip155:1', address)).rejects.toThrow(
      /^Network response was not ok$/,
    );
  });
});

function createMessageData() {
  return {
    accountAddress: address,
    chainId: 'eip155:1' as const,
    domain: env.location.host,
    uri: env.location.origin,
    version: '1',
    nonce: 'nonce0123456789ab',
  };
}
