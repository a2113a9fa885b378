/**
 * What a push message carries to the service worker, checked by hand rather than with zod: the
 * service worker is its only reader on the client, and zod made up about three quarters of the
 * worker's bundle. The server builds payloads with the same check, so the two cannot drift.
 */

/** Longest title and body a push carries; the whole payload stays far under Web Push's 4 KB. */
export const PUSH_TITLE_MAX_LENGTH = 120;
export const PUSH_BODY_MAX_LENGTH = 600;
const PUSH_PATH_MAX_LENGTH = 512;
const PUSH_KEY_MAX_LENGTH = 200;

/**
 * A push message's content: what to show, the page a click opens (a path on our own site, never
 * another origin), and the key that makes a repeat replace, not double, the notification.
 */
export interface PushPayload {
  title: string;
  body: string;
  path: string;
  key: string;
}

/**
 * Whether `path` is a path on this site: it starts with one `/` and not `//` or `/\`, which
 * a browser would read as another host.
 */
export function isSitePath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.length <= PUSH_PATH_MAX_LENGTH && /^\/(?![/\\])/.test(path)
  );
}

const textOf = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;

/** `value` as a push payload (its four fields only), or null when any field is missing or wrong. */
export function readPushPayloadFields(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, path, key } = value as Record<string, unknown>;
  if (!textOf(title, 1, PUSH_TITLE_MAX_LENGTH) || !textOf(body, 0, PUSH_BODY_MAX_LENGTH)) {
    return null;
  }
  if (!isSitePath(path) || !textOf(key, 1, PUSH_KEY_MAX_LENGTH)) return null;
  return { title, body, path, key };
}
