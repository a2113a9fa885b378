/**
 * A local stand-in for a Web Push service (the third party at its HTTP boundary): an https server
 * that records what the server sends and answers as a push service would, plus a browser's side
 * of a subscription, whose private key decrypts the pushes (RFC 8291, written here with
 * node:crypto apart from the web-push library) and whose VAPID check verifies the JWT (RFC 8292).
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { type Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createPushAgent } from '#server/modules/push/pushAgent.ts';
import { LOCAL_TLS_CERTIFICATE, LOCAL_TLS_KEY } from './localTlsCertificate.ts';

/** One request the push service received. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A reply of the stand-in: a status and headers. */
export interface PushReply {
  status: number;
  headers?: Record<string, string>;
}

/**
 * How the stand-in answers a request, by the request's path; a promise holds the answer back
 * (a test kills the sending process while its push is in flight).
 */
export type PushAnswer = (path: string) => PushReply | Promise<PushReply>;

/** The running stand-in: its origin, what it received, and a TLS agent that trusts it. */
export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  agent: Agent;
  close: () => Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1; `answer` decides each reply (201 by default). */
export async function startLocalPushService(
  answer: PushAnswer = () => ({ status: 201 }),
): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const server = createServer({ cert: LOCAL_TLS_CERTIFICATE, key: LOCAL_TLS_KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      void Promise.resolve(answer(path)).then(({ status, headers }) => {
        // A sender killed while its answer was held has gone: nothing to answer.
        if (!res.destroyed) res.writeHead(status, headers).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The push channel's own agent, trusting this stand-in.
  const agent = createPushAgent({ ca: LOCAL_TLS_CERTIFICATE });
  return {
    origin: `https://localhost:${port}`,
    received,
    agent,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** A browser's side of a push subscription: the keys it shares, and the private key it keeps. */
export interface TestBrowserKeys {
  p256dh: string;
  auth: string;
  /** Decrypts an aes128gcm push body (RFC 8291 and RFC 8188, one record) to its text. */
  decrypt: (body: Buffer) => string;
}

/** Makes a browser's subscription keys, as `pushManager.subscribe` would. */
export function createTestBrowserKeys(): TestBrowserKeys {
  const browser = createECDH('prime256v1');
  const browserPublic = browser.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: browserPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the sender's key).
      const salt = body.subarray(0, 16);
      const keyIdLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + keyIdLength);
      const record = body.subarray(21 + keyIdLength);
      const sharedSecret = browser.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, senderPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
      const contentKey = hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
      const nonce = hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12);
      const decipher = createDecipheriv('aes-128-gcm', Buffer.from(contentKey), Buffer.from(nonce));
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      const delimiter = padded.lastIndexOf(2);
      if (delimiter < 0 || padded.subarray(delimiter + 1).some((byte) => byte !== 0)) {
        throw new Error('The push record has no final-record delimiter.');
      }
      return padded.subarray(0, delimiter).toString('utf8');
    },
  };
}

/** The claims of a VAPID Authorization header (`vapid t=<jwt>, k=<key>`), once its ES256 signature
 * verifies against `publicKey` (base64url, uncompressed P-256); throws when it does not. */
export function verifyVapidAuthorization(
  header: string | undefined,
  publicKey: string,
): { aud: string; sub: string; exp: number; k: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Not a VAPID authorization: ${header}`);
  const [encodedHeader = '', encodedClaims = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID signature does not verify with the public key.');
  const jwtHeader = JSON.parse(Buffer.from(encodedHeader, 'base64url').toString()) as {
    alg: string;
  };
  if (jwtHeader.alg !== 'ES256') throw new Error(`VAPID JWT signed with ${jwtHeader.alg}`);
  const claims = JSON.parse(Buffer.from(encodedClaims, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { ...claims, k: match[2] };
}
