import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { HttpError } from './requestJson.ts';
import { requestJsonOrNull } from './requestJsonOrNull.ts';

const schema = z.object({ items: z.array(z.number()) });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestJsonOrNull', () => {
  it('parses an OK answer, asking the server once', async () => {
    const fetch = vi.fn(async () => json({ items: [1, 2] }));
    vi.stubGlobal('fetch', fetch);
    await expect(requestJsonOrNull('/api/bets', schema, [401])).resolves.toEqual({ items: [1, 2] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers null for the statuses named, once', async () => {
    const fetch = vi.fn(async () => json({ success: false }, 401));
    vi.stubGlobal('fetch', fetch);
    await expect(requestJsonOrNull('/api/bets', schema, [401])).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("throws any other failure with the server's sentence and status, not a schema error", async () => {
    vi.stubGlobal('fetch', async () => json({ error: 'The database is not answering.' }, 500));
    const failure = requestJsonOrNull('/api/bets', schema, [401, 403]);
    await expect(failure).rejects.toThrow(/^The database is not answering\.$/);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 500 });
  });

  it('throws a 403 that was not named', async () => {
    vi.stubGlobal('fetch', async () => json({ error: 'Admins only.' }, 403));
    await expect(requestJsonOrNull('/api/bets', schema, [401])).rejects.toMatchObject({
      status: 403,
    });
  });
});
