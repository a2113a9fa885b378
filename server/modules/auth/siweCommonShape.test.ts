import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { readCommonSiweMessage } from './siweCommonShape.ts';
import { parseSiweMessage, parseSiweMessageByGrammar } from './siweMessage.ts';

/** A seeded generator (mulberry32) of integers below `n`, so a disagreement is found again. */
function seededInts(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

const ADDRESSES = Array.from(
  { length: 8 },
  () => privateKeyToAccount(generatePrivateKey()).address,
);
const DOMAINS = [
  'localhost:5173',
  '127.0.0.1:8080',
  '10.0.0.7',
  '8ball.example',
  'gridmind.example',
  'play.grid-mind.io',
  'gm.example:443',
];
const PATHS = ['', '/', '/watch/42', "/a/b-c_d.e~f!$&'()*+,;=:@", '//double'];
const STATEMENTS = [
  undefined,
  'Welcome to Gridmind! Sign this message to sign in. It sends no transaction and costs nothing.',
  "Sign in: [#1] a/b?c=d&e=f; it's (free) @ ~ * + _ $",
  'x',
];
const DATES = [
  '2026-12-01T22:30:00.123Z',
  '2026-02-28T23:59:59Z',
  '2024-02-29T00:00:00.5Z',
  '1999-12-31T12:00:00.123456789Z',
];

/** A valid message as a wallet or our client renders it (viem's createSiweMessage). */
function validMessage(pick: (n: number) => number): string {
  const domain = DOMAINS[pick(DOMAINS.length)] ?? 'gridmind.example';
  const scheme = pick(3) === 0 ? 'https' : undefined;
  const date = (offset: number) =>
    new Date(DATES[(pick(DATES.length) + offset) % DATES.length] ?? 0);
  const statement = STATEMENTS[pick(STATEMENTS.length)];
  const text = createSiweMessage({
    address: ADDRESSES[pick(ADDRESSES.length)] ?? '0x0000000000000000000000000000000000000000',
    chainId: [1, 10, 8453, 11155111][pick(4)] ?? 1,
    domain,
    uri: `${pick(2) ? 'https' : 'http'}://${domain}${PATHS[pick(PATHS.length)] ?? ''}`,
    version: '1',
    nonce: ['0123456789abcdef', 'ABCDEFGH', 'n0nceN0nce1234567890abcdefXYZ'][pick(3)] ?? 'ABCDEFGH',
    issuedAt: date(0),
    ...(scheme ? { scheme } : {}),
    ...(statement === undefined ? {} : { statement }),
    ...(pick(2) ? { expirationTime: date(1) } : {}),
    ...(pick(3) === 0 ? { notBefore: date(2) } : {}),
  });
  return text;
}

/** Characters a mutation writes: printable ASCII, line ends, and a few beyond ASCII. */
const MUTATION_CHARS = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}\n\r\té€`;

/** The text changed once, at a place and in a way `pick` chooses. */
function mutate(text: string, pick: (n: number) => number): string {
  const at = pick(text.length);
  const char = MUTATION_CHARS[pick(MUTATION_CHARS.length)] ?? 'x';
  switch (pick(6)) {
    case 0:
      return text.slice(0, at) + char + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + char + text.slice(at);
    case 3: {
      const flipped =
        text[at] === text[at]?.toUpperCase() ? text[at]?.toLowerCase() : text[at]?.toUpperCase();
      return text.slice(0, at) + (flipped ?? '') + text.slice(at + 1);
    }
    case 4: {
      const lines = text.split('\n');
      const i = pick(lines.length);
      const j = pick(lines.length);
      [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
      return lines.join('\n');
    }
    default:
      return (
        text.slice(0, at) +
        text.slice(at, at + 1 + pick(12)).repeat(2) +
        text.slice(at + 1 + pick(12))
      );
  }
}

/** Messages siwe's grammar reads one way or another that sit at the edges of the common shape. */
function edgeCases(base: string): string[] {
  const address = ADDRESSES[0] ?? '';
  return [
    base.replace(address, address.toLowerCase()),
    base.replace(address, `0x${address.slice(2).toUpperCase()}`),
    base.replace('2026-12-01', '2026-02-30'),
    base.replace('2026-12-01', '2026-13-01'),
    base.replace('T22:30:00', 't22:30:00'),
    base.replace('.123Z', '.123z'),
    base.replace('.123Z', '.123+02:00'),
    base.replace('22:30:00', '22:30:60'),
    base.replace('22:30:00', '22:30:61'),
    base.replace('22:30:00', '22:60:00'),
    base.replace('22:30:00', '24:30:00'),
    base.replace('Chain ID: 1', 'Chain ID: 01'),
    base.replace('Chain ID: 1', 'Chain ID: 0'),
    base.replace('Chain ID: 1', 'Chain ID: 99999999999999999999'),
    base.replace('Version: 1', 'Version: 2'),
    base.replace('Nonce: 0123456789abcdef', 'Nonce: 0123456'),
    base.replace('URI: http://localhost:5173', 'URI: http://127.0.0.1:5173'),
    base.replace('URI: http://localhost:5173', 'URI: http://999.1.1.1:5173'),
    base.replace('localhost:5173 wants', '1..2.3 wants'),
    base.replace('localhost:5173 wants', '-a.b wants'),
    base.replace('URI: http://localhost:5173', 'URI: http://localhost:5173/?q=1'),
    base.replace('URI: http://localhost:5173', 'URI: http://localhost:5173/%41'),
    base.replace('URI: http://localhost:5173', 'URI: urn:gridmind'),
    base.replace('localhost:5173 wants', 'user@localhost:5173 wants'),
    base.replace('localhost:5173 wants', '[::1]:5173 wants'),
    base.replace('localhost:5173 wants', 'localhost: wants'),
    base.replace('Welcome', 'Welcome "to"'),
    base.replace('Welcome', 'Welcome%20'),
    `${base}\n`,
    `${base}\nRequest ID: abc`,
    `${base}\nResources:\n- https://gridmind.example/terms`,
    base.replaceAll('\n', '\r\n'),
  ];
}

describe('the common shape of a sign-in message, read without siwe’s parser', () => {
  it('reads every generated message as siwe’s grammar does, and takes the shape our client signs', () => {
    const pick = seededInts(4361);
    for (let i = 0; i < 600; i++) {
      const text = validMessage(pick);
      const byGrammar = parseSiweMessageByGrammar(text);
      expect(byGrammar, text).not.toBeNull();
      expect(readCommonSiweMessage(text), text).toEqual(byGrammar);
    }
  });

  it('never accepts a mutated message that siwe’s grammar refuses or reads otherwise', () => {
    const pick = seededInts(155);
    let refusedByGrammar = 0;
    let readByShape = 0;
    for (let i = 0; i < 4_000; i++) {
      let text = validMessage(pick);
      for (let n = 1 + pick(3); n > 0; n--) text = mutate(text, pick);
      const byGrammar = parseSiweMessageByGrammar(text);
      const byShape = readCommonSiweMessage(text);
      if (byShape !== null) {
        readByShape++;
        expect(byShape, JSON.stringify(text)).toEqual(byGrammar);
      }
      if (byGrammar === null) refusedByGrammar++;
      expect(parseSiweMessage(text), JSON.stringify(text)).toEqual(byGrammar);
    }
    // Both kinds are many, so the comparison above was made on each side of the line.
    expect(refusedByGrammar).toBeGreaterThan(1_000);
    expect(readByShape).toBeGreaterThan(200);
  });

  it('leaves the edges of the shape to siwe’s grammar, which decides them', () => {
    const base = createSiweMessage({
      address: ADDRESSES[0] ?? '0x0000000000000000000000000000000000000000',
      chainId: 1,
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: '0123456789abcdef',
      issuedAt: new Date('2026-12-01T22:30:00.123Z'),
      statement: 'Welcome to Gridmind!',
    });
    expect(readCommonSiweMessage(base)).not.toBeNull();
    for (const text of edgeCases(base)) {
      expect(text, 'each edge case changes the message').not.toBe(base);
      // parseSiweMessage takes the shape's answer first: equal to the grammar's, whichever read it.
      expect(parseSiweMessage(text), JSON.stringify(text)).toEqual(parseSiweMessageByGrammar(text));
    }
    // The ones the shape must refuse outright, whatever the grammar says of them.
    for (const text of edgeCases(base).slice(0, 4)) expect(readCommonSiweMessage(text)).toBeNull();
  });
});
