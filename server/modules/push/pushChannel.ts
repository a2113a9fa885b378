/**
 * The Web Push channel: hands a notice to the push service of each of the user's devices with
 * the web-push library (RFC 8291 aes128gcm, VAPID RFC 8292). The service worker (sw/push.ts)
 * shows it. A repeat of the same notice carries the same `tag`, so a retry that reaches a device
 * twice replaces the notification rather than doubling it. A device whose endpoint is not on a
 * known push service (PUSH_SERVICE_HOSTS) is never sent to, even if its row predates the list.
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webPush from 'web-push';
import {
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  readPushPayloadFields,
} from '#core/protocol/pushPayload.ts';
import type { Database } from '#server/db/database.ts';
import type { DeliveryChannel, OutgoingNotice, SendOutcome } from '#server/delivery/channel.ts';
import { batchedDeviceReader } from './deviceReader.ts';
import { createPushAgent } from './pushAgent.ts';
import { isKnownPushService } from './pushServiceHosts.ts';
import { retryAfterMs } from './retryAfter.ts';
import { dropSubscription, type StoredPushSubscription } from './subscriptionStore.ts';
import { loadVapidKeys, type VapidKeys } from './vapidKeys.ts';

/** How long a push service keeps a notice for an offline device: news of a match goes stale. */
const PUSH_TTL_SECONDS = 6 * 60 * 60;
/** Wait before trying again after a network failure or a 5xx that names no Retry-After. */
const DEFAULT_RETRY_MS = 60_000;
/** A push service that has not answered by then is treated as a passing failure. */
const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/**
 * A VAPID token is valid this long (RFC 8292 allows 24 h) and signed again after a quarter of it:
 * signing one per push was 0.43 ms of its 0.69 ms (ES256), the same token for every device of a
 * push service.
 */
const VAPID_TOKEN_MS = 12 * 60 * 60_000;
const VAPID_RESIGN_MS = VAPID_TOKEN_MS / 4;

/** What createPushChannel needs. */
export interface PushChannelOptions {
  db: Database;
  /** The VAPID `sub` claim: an https: URL or a mailto: address push services can reach us at. */
  subject: string;
  now: () => number;
  /** The push services' hosts an endpoint must be on (config PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[];
  /**
   * The TLS agent for requests to push services: by default createPushAgent's; tests pass one
   * trusting their stand-in.
   */
  agent?: Agent;
}

type DeviceOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs: number; reason: string }
  | { kind: 'failed'; reason: string };

/** The Web Push `Topic` (32 base64url characters at most): pending repeats of a notice coalesce. */
const topicOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Several devices' outcomes as one: any device asking to wait makes the notice wait. */
function combine(outcomes: DeviceOutcome[]): SendOutcome {
  const retries = outcomes.filter((outcome) => outcome.kind === 'retry');
  if (retries.length > 0) {
    return {
      kind: 'retry',
      afterMs: Math.max(...retries.map((retry) => retry.afterMs)),
      reason: retries.map((retry) => retry.reason).join('; '),
    };
  }
  if (outcomes.some((outcome) => outcome.kind === 'sent')) return { kind: 'sent' };
  const failures = outcomes.filter((outcome) => outcome.kind === 'failed');
  if (failures.length > 0) {
    return { kind: 'failed', reason: failures.map((failure) => failure.reason).join('; ') };
  }
  return { kind: 'no-recipient' }; // every device was gone
}

/** Creates the `push` DeliveryChannel; the VAPID keys are read (or made) on first use. */
export function createPushChannel(options: PushChannelOptions): DeliveryChannel {
  const { db, now } = options;
  let keys: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    keys ??= loadVapidKeys(db, now()).catch((error: unknown) => {
      keys = undefined; // a database hiccup: the next notice asks again
      throw error;
    });
    return keys;
  };
  const readDevices = batchedDeviceReader(db);
  const agent = options.agent ?? createPushAgent();
  const tokens = new Map<string, { authorization: string; signedAt: number }>();
  /** The VAPID Authorization header for the push service at `audience` (its origin). */
  const vapidAuthorization = (audience: string, vapid: VapidKeys) => {
    const at = now();
    const token = tokens.get(audience);
    if (token && at - token.signedAt < VAPID_RESIGN_MS) return token.authorization;
    const { Authorization: authorization } = webPush.getVapidHeaders(
      audience,
      options.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor((at + VAPID_TOKEN_MS) / 1000),
    );
    tokens.set(audience, { authorization, signedAt: at });
    return authorization;
  };

  async function sendToDevice(
    device: StoredPushSubscription,
    payload: string,
    topic: string,
    vapid: VapidKeys,
  ): Promise<DeviceOutcome> {
    // Checked again here, not only at subscribe time: the list may have shrunk since. The row is
    // kept (an operator's typo in the list must not cost every user their devices), just unused.
    if (!isKnownPushService(device.endpoint, options.serviceHosts)) {
      return { kind: 'failed', reason: 'the endpoint is not on a known push service' };
    }
    try {
      await webPush.sendNotification(device, payload, {
        headers: { Authorization: vapidAuthorization(new URL(device.endpoint).origin, vapid) },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        topic,
        timeout: PUSH_REQUEST_TIMEOUT_MS,
        agent,
      });
      return { kind: 'sent' };
    } catch (error) {
      // web-push is CommonJS: its error class is reached through the default export.
      if (!(error instanceof webPush.WebPushError)) {
        const reason = error instanceof Error ? error.message : String(error);
        return { kind: 'retry', afterMs: DEFAULT_RETRY_MS, reason: `push service: ${reason}` };
      }
      const status = error.statusCode;
      // RFC 8030: 404 and 410 say the subscription has expired or been unsubscribed for good.
      if (status === 404 || status === 410) {
        await dropSubscription(db, device.endpoint);
        return { kind: 'gone' };
      }
      if (status === 429 || status >= 500) {
        const header = error.headers['retry-after'];
        return {
          kind: 'retry',
          afterMs: retryAfterMs(header, now()) ?? DEFAULT_RETRY_MS,
          reason: `push service answered ${status}`,
        };
      }
      return { kind: 'failed', reason: `push service answered ${status}` };
    }
  }

  return {
    name: 'push',
    async send(notice: OutgoingNotice): Promise<SendOutcome> {
      const devices = await readDevices(notice.userId);
      if (devices.length === 0) return { kind: 'no-recipient' };
      const payload = readPushPayloadFields({
        title: notice.title.slice(0, PUSH_TITLE_MAX_LENGTH),
        body: notice.body.slice(0, PUSH_BODY_MAX_LENGTH),
        path: notice.path,
        key: notice.key,
      });
      if (!payload) return { kind: 'failed', reason: 'the notice cannot be a push' };
      const vapid = await vapidKeys();
      const text = JSON.stringify(payload);
      const topic = topicOf(notice.key);
      const outcomes = await Promise.all(
        devices.map((device) => sendToDevice(device, text, topic, vapid)),
      );
      return combine(outcomes);
    },
  };
}
