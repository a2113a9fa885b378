import { SiweMessage } from 'siwe';
import { SUPPORTED_CHAIN_IDS } from '#core/protocol/auth.ts';
import { readCommonSiweMessage } from './siweCommonShape.ts';
import { type StrictSiweMessage, strictSiweMessage } from './strictSiweMessage.ts';

/** Clock difference tolerated between the signer's device and the server. */
export const CLOCK_SKEW_MS = 60 * 1000;

export type { StrictSiweMessage } from './strictSiweMessage.ts';

/**
 * Parses an EIP-4361 text and accepts it only if serialising it again gives the very same bytes
 * (no stray whitespace, no reordered or duplicated fields) and it has the fields EIP-4361 leaves
 * optional but we require. Anything else is null. The common shape of message is read by a
 * regular expression that agrees with siwe's parser (siweCommonShape.ts); the rest by siwe's.
 */
export function parseSiweMessage(text: string): StrictSiweMessage | null {
  return readCommonSiweMessage(text) ?? parseSiweMessageByGrammar(text);
}

/** parseSiweMessage by siwe's ABNF parser alone, whatever the message's shape. */
export function parseSiweMessageByGrammar(text: string): StrictSiweMessage | null {
  let parsed: SiweMessage;
  try {
    parsed = new SiweMessage(text);
    if (parsed.toMessage() !== text) return null;
  } catch {
    return null;
  }
  return strictSiweMessage(parsed);
}

const timeMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : Number.NaN;
};

const sameOrigin = (uri: string, appOrigin: string): boolean => {
  try {
    return new URL(uri).origin === appOrigin;
  } catch {
    return false;
  }
};

/**
 * True when the message is addressed to this app and valid now: scheme, when given, APP_ORIGIN's;
 * domain is APP_ORIGIN's host, URI on APP_ORIGIN, version 1, a supported chain; issuedAt and
 * notBefore no later than now + skew; issuedAt no earlier than the nonce's issue − skew (the
 * message cannot predate its nonce); expirationTime, when given, still ahead.
 */
export function isSiweMessageAcceptable(
  message: StrictSiweMessage,
  context: { appOrigin: string; nowMs: number; nonceIssuedAtMs: number },
): boolean {
  const { appOrigin, nowMs, nonceIssuedAtMs } = context;
  const app = new URL(appOrigin);
  // A wallet may show the scheme to the signer, so an `http://` message must not sign in to an
  // https app. Compared exactly: URL gives the protocol in lower case, and RFC 3986 allows upper
  // case, but no wallet or client of ours writes it so, and in auth a doubt is a refusal.
  if (message.scheme !== undefined && `${message.scheme}:` !== app.protocol) return false;
  if (message.domain !== app.host) return false;
  if (!sameOrigin(message.uri, appOrigin)) return false;
  if (message.version !== '1') return false;
  if (!(SUPPORTED_CHAIN_IDS as readonly number[]).includes(message.chainId)) return false;

  const issuedAtMs = timeMs(message.issuedAt);
  if (!(issuedAtMs <= nowMs + CLOCK_SKEW_MS)) return false;
  if (!(issuedAtMs >= nonceIssuedAtMs - CLOCK_SKEW_MS)) return false;
  if (message.notBefore !== undefined && !(timeMs(message.notBefore) <= nowMs + CLOCK_SKEW_MS)) {
    return false;
  }
  if (message.expirationTime !== undefined && !(timeMs(message.expirationTime) > nowMs)) {
    return false;
  }
  return true;
}
