import * as z from 'zod/mini';

/**
 * A P-256 public key as the browser hands it out: the 65-byte uncompressed point (0x04, x, y)
 * in base64url, 87 characters, so its first character is always `B`. Some browsers pad it.
 */
const p256PublicKeySchema = z.pipe(
  z
    .string()
    .check(
      z.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'p256dh must be a base64url P-256 public key (65 bytes).'),
    ),
  z.transform((key: string) => key.replace(/=+$/, '')),
);

/** The subscription's 16-byte authentication secret in base64url (22 characters). */
const authSecretSchema = z.pipe(
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'auth must be a base64url secret of 16 bytes.')),
  z.transform((secret: string) => secret.replace(/=+$/, '')),
);

/** Longest push endpoint accepted; real ones (FCM, Mozilla, Apple, WNS) are a few hundred. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** A push service's endpoint: always https (RFC 8030). */
const pushEndpointSchema = z
  .url({ protocol: /^https$/, message: 'endpoint must be an https URL.' })
  .check(z.maxLength(PUSH_ENDPOINT_MAX_LENGTH, 'endpoint is too long.'));

/** Body of `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: p256PublicKeySchema, auth: authSecretSchema }),
});

/** A subscription as the server keeps it. */
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** Body of `DELETE /api/push/subscriptions`: which of the user's devices stops being told. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });

/** Body of `GET /api/push/key`: the VAPID public key the browser subscribes with (base64url). */
export const pushKeySchema = z.object({
  publicKey: z.string().check(z.regex(/^B[A-Za-z0-9_-]{86}$/)),
});
