import { SiweMessage } from 'siwe';
import { getAddress } from 'viem/utils';
import { type StrictSiweMessage, strictSiweMessage } from './strictSiweMessage.ts';

// siwe's ABNF parser takes 0.4–0.5 ms a message, the larger part of a sign-in's check (the
// signer's recovery is 0.35–0.4 ms; `npm run bench -- siweParse`), and a burst of 500 sign-ins
// waits on it. Nearly every message a wallet signs here has one plain shape: an http(s) origin,
// a one-line statement or none, no request id and no resources. This reads that shape with one regular expression, so a subset of
// the grammar: what it accepts, siwe's parser reads to the same fields (siweCommonShape.test.ts
// runs both on thousands of generated and mutated messages); anything else goes to siwe's parser.

/**
 * A host name or IPv4 address (no IP literal, no user, no percent-encoding) and a port. siwe's
 * grammar reads a host that looks like IPv4 but is none (`999.1.1.1`) as a name, so it takes both.
 */
const AUTHORITY = String.raw`[A-Za-z0-9][A-Za-z0-9.\-]*(?::[0-9]{1,5})?`;
/** RFC 3986's pchar without percent-encoding, as siwe's grammar writes it. */
const PATH_CHAR = String.raw`[A-Za-z0-9!$&'()*+,\-.:;=@_~]`;
/** The grammar's statement characters: printable ASCII but `"`, `%`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`. */
const STATEMENT_CHAR = String.raw`[A-Za-z0-9 !#$&'()*+,\-./:;=?@[\]_~]`;
/**
 * RFC 3339 in UTC with an upper-case T and Z, each field in its range, as the group `name` (its
 * day as `${name}Day`, checked against the calendar apart).
 */
const dateTime = (name: string) =>
  String.raw`(?<${name}>(?<${name}Day>[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01]))T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,9})?Z)`;

const COMMON_SHAPE = new RegExp(
  String.raw`^(?:(?<scheme>https?)://)?(?<domain>${AUTHORITY}) wants you to sign in with your Ethereum account:\n` +
    String.raw`(?<address>0x[0-9a-fA-F]{40})\n` +
    // A statement, an empty one (three line feeds), or none (two), as the grammar orders them.
    String.raw`(?:\n(?<statement>${STATEMENT_CHAR}+)\n\n|(?<emptyStatement>\n\n\n)|\n\n)` +
    String.raw`URI: (?<uri>https?://${AUTHORITY}(?:/${PATH_CHAR}*)*)\n` +
    String.raw`Version: (?<version>1)\n` +
    String.raw`Chain ID: (?<chainId>[1-9][0-9]{0,14})\n` +
    String.raw`Nonce: (?<nonce>[A-Za-z0-9]{8,})\n` +
    `Issued At: ${dateTime('issuedAt')}` +
    `(?:\nExpiration Time: ${dateTime('expirationTime')})?` +
    `(?:\nNot Before: ${dateTime('notBefore')})?$`,
);

/** True when `date` (YYYY-MM-DD) is a day of the calendar, as siwe checks it (no 30 February). */
const isCalendarDay = (date: string): boolean => new Date(date).toISOString().slice(0, 10) === date;

/** True when `address` is written in its EIP-55 checksum case, as siwe's parser insists. */
function isChecksummed(address: string): boolean {
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

/**
 * The message's fields when it has the common shape and siwe would accept it as strictly as
 * parseSiweMessage does (every field valid, serialising again gives the same text); null when it
 * does not have that shape or any doubt remains, for siwe's parser to decide.
 */
export function readCommonSiweMessage(text: string): StrictSiweMessage | null {
  const fields = COMMON_SHAPE.exec(text)?.groups;
  if (!fields) return null;
  const { statement, emptyStatement, issuedAtDay, expirationTimeDay, notBeforeDay } = fields;
  if (!isChecksummed(fields.address ?? '')) return null;
  for (const day of [issuedAtDay, expirationTimeDay, notBeforeDay]) {
    if (day !== undefined && !isCalendarDay(day)) return null;
  }
  // It takes the fields it knows from the groups; the days and statements stay out.
  const message = strictSiweMessage({ ...fields, chainId: Number(fields.chainId) });
  if (!message) return null;
  // siwe's own serialiser, run on the fields read, as parseSiweMessage compares its parse: the
  // shape above is written to make this hold, and this keeps it from drifting from siwe's.
  const serialised = SiweMessage.prototype.toMessage.call({
    ...message,
    statement: statement ?? (emptyStatement === undefined ? undefined : ''),
  } as SiweMessage);
  return serialised === text ? message : null;
}
