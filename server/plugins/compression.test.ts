import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { chooseEncoding } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours weights and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('BR ; Q=0.2')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('gzip;q=abc')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('compressed JSON answers', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('pglite', { LIVE_MATCHES: '0' });
  });
  afterAll(async () => {
    await test?.close();
  });

  async function agents(acceptEncoding?: string) {
    return test.app.inject({
      method: 'GET',
      url: '/api/agents',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  }

  it('sends the same JSON brotli- or gzip-compressed, as the client asks, and says it varies', async () => {
    const plain = await agents();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThanOrEqual(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await agents('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await agents('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers and refused encodings as they are', async () => {
    const small = await test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.rawPayload.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const refused = await agents('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe((await agents()).body);
  });

  it('compresses over a real connection, as a browser receives it', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const answer = await new Promise<{
      encoding: string | undefined;
      vary: string | undefined;
      body: Buffer;
    }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/api/agents', headers: { 'accept-encoding': 'br' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              encoding: response.headers['content-encoding'],
              vary: response.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.encoding).toBe('br');
    expect(answer.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe((await agents()).body);
  });
});
