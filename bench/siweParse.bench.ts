/**
 * What one sign-in's check costs a signature-check thread, piece by piece: reading the message
 * in its common shape (siweCommonShape.ts), reading it with siwe's ABNF parser, and recovering
 * its signer (eoaSignature.ts), each over 1,000 messages signed by different wallets (after as
 * many to warm up), so no cache inside viem or siwe answers twice. `npm run bench -- siweParse`.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { verifyEoaSignature } from '#server/modules/auth/eoaSignature.ts';
import { readCommonSiweMessage } from '#server/modules/auth/siweCommonShape.ts';
import { parseSiweMessageByGrammar } from '#server/modules/auth/siweMessage.ts';
import { buildSiweMessage } from '#server/testing/signIn.ts';

const MESSAGES = 1_000;

async function signedMessages(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const nonce = `bench${index.toString().padStart(8, '0')}`;
      const message = buildSiweMessage('https://gridmind.example', wallet, nonce, Date.now());
      return { address: wallet.address, message, signature: await wallet.signMessage({ message }) };
    }),
  );
}

/** Mean ms a call of `each` over `items`, after one untimed pass over `warmUp`. */
function meanMs<T>(warmUp: readonly T[], items: readonly T[], each: (item: T) => unknown): number {
  for (const item of warmUp) each(item);
  const started = performance.now();
  for (const item of items) each(item);
  return (performance.now() - started) / items.length;
}

export default async function siweParseBench(): Promise<void> {
  const [warmUp, items] = [await signedMessages(MESSAGES), await signedMessages(MESSAGES)];
  const shape = meanMs(warmUp, items, (item) => {
    if (!readCommonSiweMessage(item.message)) throw new Error('not in the common shape');
  });
  const grammar = meanMs(warmUp, items, (item) => {
    if (!parseSiweMessageByGrammar(item.message)) throw new Error('refused by the grammar');
  });
  const recovery = meanMs(warmUp, items, (item) => {
    if (!verifyEoaSignature(item)) throw new Error('not signed');
  });
  console.log(
    `per message, ${MESSAGES} messages of different wallets: common shape ${shape.toFixed(3)} ms, ` +
      `siwe's ABNF parser ${grammar.toFixed(3)} ms, signer's recovery ${recovery.toFixed(3)} ms`,
  );
  console.log(
    figureRowReport({
      figure: "one sign-in's check on a thread",
      target: 'none',
      value:
        `parse ${shape.toFixed(3)} ms (siwe's parser ${grammar.toFixed(2)}), ` +
        `recovery ${recovery.toFixed(2)} ms`,
      command: '`npm run bench -- siweParse`',
    }),
  );
}
