import { parentPort, threadId } from 'node:worker_threads';
import { verifyEoaSignature } from '#server/modules/auth/eoaSignature.ts';
import { parseSiweMessage } from '#server/modules/auth/siweMessage.ts';
import { signatureCheckRequestSchema } from './signatureCheckRequest.ts';
import { SAMPLE_SIGN_IN } from './signatureCheckSample.ts';

// A thread of the signature-check pool: the message's parse (0.01 ms in its common shape, 0.4–0.5
// ms by siwe's ABNF parser otherwise) and the signer's recovery (0.35–0.4 ms with its hash; `npm
// run bench -- siweParse`) are work the HTTP event loop must not queue up hundreds of at once.

/**
 * Checks of the sample run at boot. A fresh thread's first few hundred checks cost about 1.5×
 * the later ones (V8 compiles siwe's parser, keccak and the WebAssembly recovery to optimised
 * code meanwhile, on its helper threads): 1.2–1.3 s of the server's other threads for a burst of
 * 500 against 0.9 s warmed. Run once as the thread boots (at a process's first nonce request,
 * 0.2–0.3 s off the event loop), so the first crowd does not pay for it; checks posted meanwhile
 * wait in the port.
 */
const WARM_UP_CHECKS = 200;

function check(text: string, signature: `0x${string}`) {
  const message = parseSiweMessage(text);
  // Any doubt is a false, as in the main thread: a malformed signature is a failed check.
  const signedByEoa =
    message !== null && verifyEoaSignature({ address: message.address, message: text, signature });
  return { message, signedByEoa };
}

for (let i = 0; i < WARM_UP_CHECKS; i++) check(SAMPLE_SIGN_IN.message, SAMPLE_SIGN_IN.signature);

parentPort?.on('message', (raw: unknown) => {
  const request = signatureCheckRequestSchema.parse(raw);
  const { message, signedByEoa } = check(request.message, request.signature);
  parentPort?.postMessage({ id: request.id, message, signedByEoa, threadId });
});
