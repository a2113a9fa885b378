/**
 * A page path carried in a Telegram Mini App link's `startapp` parameter, which Telegram limits
 * to 64 characters of `A-Z a-z 0-9 _ -`: the path's UTF-8 bytes in base64url, unpadded. Written
 * with ECMAScript alone (core runs anywhere: no Buffer, no btoa in its lib).
 */

/** The most characters Telegram passes in `startapp`. */
const START_PARAM_MAX_LENGTH = 64;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The `startapp` value that opens `path` (`/watch/m1`); null when the path does not fit. */
export function encodeStartParam(path: string): string | null {
  if (!isPagePath(path)) return null;
  const bytes = utf8Bytes(path);
  let encoded = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) encoded += ALPHABET[(chunk >> (18 - 6 * c)) & 63];
  }
  return encoded.length <= START_PARAM_MAX_LENGTH ? encoded : null;
}

/** The page path a `startapp` value names, or null for anything that is not one of ours. */
export function decodeStartParam(param: string): string | null {
  if (!/^[A-Za-z0-9_-]{2,64}$/.test(param) || param.length % 4 === 1) return null;
  let percentEncoded = '';
  for (let i = 0; i < param.length; i += 4) {
    const group = param.slice(i, i + 4);
    let chunk = 0;
    for (let c = 0; c < 4; c++) chunk = (chunk << 6) | ALPHABET.indexOf(group[c] ?? 'A');
    for (let b = 0; b < group.length - 1; b++) {
      percentEncoded += `%${((chunk >> (16 - 8 * b)) & 255).toString(16).padStart(2, '0')}`;
    }
  }
  try {
    const path = decodeURIComponent(percentEncoded);
    return isPagePath(path) ? path : null;
  } catch {
    // Not UTF-8: nothing we made.
    return null;
  }
}

/** The UTF-8 bytes of `text`, through encodeURIComponent's percent-escapes. */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  const escaped = encodeURIComponent(text);
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      bytes.push(Number.parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(escaped.charCodeAt(i));
    }
  }
  return bytes;
}

/** A path on our own site: one leading slash, so never `//host` or `/\host` elsewhere. */
function isPagePath(path: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(path);
}
