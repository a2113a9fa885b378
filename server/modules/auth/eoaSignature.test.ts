import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import { SAMPLE_SIGN_IN } from '#server/plugins/signatureCheckSample.ts';
import { createTestWallet } from '#server/testing/signIn.ts';
import { type EoaSignatureCheck, verifyEoaSignature } from './eoaSignature.ts';
import { parseSiweMessage } from './siweMessage.ts';

/** secp256k1's group order n and field prime p, for signatures at the edges of the ranges. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;

/** A seeded generator (mulberry32), so a disagreement is found again by the same run. */
function seededBytes(seed: number): (length: number) => Uint8Array {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) & 0xff;
  };
  return (length) => Uint8Array.from({ length }, next);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const word = (value: bigint) => value.toString(16).padStart(64, '0');

/** The signature with its r, s or last byte replaced (hex digits, without 0x). */
function withParts(
  signature: `0x${string}`,
  parts: { r?: string; s?: string; v?: string },
): `0x${string}` {
  const body = signature.slice(2);
  return `0x${parts.r ?? body.slice(0, 64)}${parts.s ?? body.slice(64, 128)}${parts.v ?? body.slice(128)}`;
}

/** Flips one bit of the hex digits at [from, to) of the signature, chosen by `pick`. */
function flipBit(signature: `0x${string}`, from: number, to: number, pick: number): `0x${string}` {
  const at = 2 + from + (pick % (to - from));
  const digit = Number.parseInt(signature[at] ?? '0', 16) ^ (1 << (pick % 4));
  return `${signature.slice(0, at)}${digit.toString(16)}${signature.slice(at + 1)}` as `0x${string}`;
}

/** viem's own answer, the reference: a throw is a refusal, as in the route. */
const viemAnswer = (check: EoaSignatureCheck) => verifyMessage(check).catch(() => false);

describe('EOA signatures recovered with libsecp256k1', () => {
  it('accepts the signer and refuses another address', async () => {
    const wallet = createTestWallet();
    const message = 'localhost wants you to sign in';
    const signature = await wallet.signMessage({ message });
    expect(verifyEoaSignature({ address: wallet.address, message, signature })).toBe(true);
    const other = createTestWallet().address;
    expect(verifyEoaSignature({ address: other, message, signature })).toBe(false);
  });

  it('takes the check threads’ warm-up sample as a signed sign-in, so it warms the whole check', () => {
    const message = parseSiweMessage(SAMPLE_SIGN_IN.message);
    expect(message).not.toBeNull();
    const address = message?.address ?? '0x';
    expect(verifyEoaSignature({ address, ...SAMPLE_SIGN_IN })).toBe(true);
  });

  it('gives viem verifyMessage’s answer on valid, tampered and malformed signatures', async () => {
    const random = seededBytes(26);
    const checks: EoaSignatureCheck[] = [];
    const accounts = Array.from({ length: 60 }, () => privateKeyToAccount(`0x${hex(random(32))}`));
    for (const [index, account] of accounts.entries()) {
      const message = `localhost wants you to sign in\nwallet ${index} ${hex(random(8))} ✓`;
      const signature = await account.signMessage({ message });
      const other = accounts[(index + 1) % accounts.length]?.address ?? account.address;
      const pick = random(1)[0] ?? 0;
      const body = signature.slice(2);
      const r = BigInt(`0x${body.slice(0, 64)}`);
      const s = BigInt(`0x${body.slice(64, 128)}`);
      const v = Number.parseInt(body.slice(128), 16);
      const base = { address: account.address, message };
      checks.push(
        { ...base, signature },
        { ...base, address: other, signature },
        { ...base, address: account.address.toLowerCase() as `0x${string}`, signature },
        { ...base, message: `${message} `, signature },
        { ...base, signature: flipBit(signature, 0, 64, pick) },
        { ...base, signature: flipBit(signature, 64, 128, pick) },
        { ...base, signature: signature.toUpperCase().replace('0X', '0x') as `0x${string}` },
        // The same signature with s mirrored (n − s) and the parity flipped: recovery does not
        // insist on a low s, so both accept it.
        { ...base, signature: withParts(signature, { s: word(N - s), v: v === 27 ? '1c' : '1b' }) },
        { ...base, signature: withParts(signature, { v: v === 27 ? '00' : '01' }) },
        { ...base, signature: withParts(signature, { v: v === 27 ? '1c' : '1b' }) },
        ...['02', '03', '1d', '25', '26', 'ff'].map((last) => ({
          ...base,
          signature: withParts(signature, { v: last }),
        })),
        // Lengths around 65 bytes: 129 digits still counts as 65 bytes for viem.
        { ...base, signature: withParts(signature, { v: v === 27 ? '0' : '1' }) },
        { ...base, signature: withParts(signature, { v: '' }) },
        { ...base, signature: `${signature}00` as `0x${string}` },
        // 66 bytes whose tail still reads as the right v: refused for its length alone.
        { ...base, signature: withParts(signature, { v: v === 27 ? '001b' : '001c' }) },
        { ...base, signature: `${signature}0` as `0x${string}` },
        // r and s at and beyond the edges of [1, n), and an r past p − n.
        ...[0n, N, N + 1n, P - 1n, 2n ** 256n - 1n].map((edge) => ({
          ...base,
          signature: withParts(signature, { r: word(edge) }),
        })),
        ...[0n, 1n, N - 1n, N, 2n ** 256n - 1n].map((edge) => ({
          ...base,
          signature: withParts(signature, { s: word(edge) }),
        })),
        { ...base, signature: withParts(signature, { r: word(r ^ 1n) }) },
      );
    }
    // Random 65-byte signatures: about half their r values are no point's x.
    for (let i = 0; i < 200; i++) {
      const account = accounts[i % accounts.length];
      if (!account) continue;
      const last = i % 2 === 0 ? '1b' : '1c';
      checks.push({
        address: account.address,
        message: `random ${i}`,
        signature: `0x${hex(random(64))}${last}`,
      });
    }

    const answers = await Promise.all(
      checks.map(async (check) => ({
        check,
        ours: verifyEoaSignature(check),
        viem: await viemAnswer(check),
      })),
    );
    const disagreements = answers.filter((answer) => answer.ours !== answer.viem);
    expect(disagreements.map((answer) => answer.check)).toEqual([]);
    // Both kinds of answer were exercised, and most tampering is refused.
    const accepted = answers.filter((answer) => answer.ours).length;
    expect(accepted).toBeGreaterThanOrEqual(accounts.length * 4);
    expect(answers.length - accepted).toBeGreaterThan(accounts.length * 20);
  }, 120_000);
});
