import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed body saves less than its headers and the work cost. */
const MIN_BYTES = 1024;
/**
 * Brotli's default (11) is for files compressed once at build time; for a body made per request
 * 5 is within a few per cent of it at a fraction of the CPU.
 */
const BROTLI_QUALITY = 5;

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from an `Accept-Encoding` header: brotli, then gzip, each only when
 * listed (directly or by `*`) with a weight above zero; `null` for the body as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.toLowerCase().split(';');
    const name = token.trim();
    if (name === '') continue;
    // A weight that is not a number counts as 0: the client did not say it accepts it.
    const q = params
      .map((param) => /^\s*q=(.*)$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

/** A text body compressed for `encoding`, on libuv's thread pool (brotli at quality 5). */
export function compress(body: string, encoding: ContentEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

/**
 * Compresses JSON answers of 1 KB and more (match lists, a match with its traces) for clients
 * that accept it, on libuv's thread pool so the event loop keeps serving streams. Built files
 * are compressed at build time (`@fastify/static`'s `preCompressed`) and the event streams write
 * to the socket themselves, so neither passes through here.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.hasHeader('content-encoding')) {
      return payload;
    }
    const vary = reply.getHeader('vary');
    if (!/accept-encoding/i.test(String(vary ?? ''))) {
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body = await compress(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
