import { parentPort, threadId } from 'node:worker_threads';
import { verifyEoaSignature } from '../modules/auth/eoaSignature.ts';
import { parseSiweMessage } from '../modules/auth/siweMessage.ts';
import { signatureCheckRequestSchema } from './signatureCheckRequest.ts';

// A thread of the signature-check pool: siwe's ABNF parse (about 0.5 ms) and the signer's
// recovery (about 0.25 ms) are work the HTTP event loop must not queue up hundreds of at once.
parentPort?.on('message', (raw: unknown) => {
  const request = signatureCheckRequestSchema.parse(raw);
  const message = parseSiweMessage(request.message);
  // Any doubt is a false, as in the main thread: a malformed signature is a failed check.
  const signedByEoa =
    message !== null &&
    verifyEoaSignature({
      address: message.address,
      message: request.message,
      signature: request.signature,
    });
  parentPort?.postMessage({ id: request.id, message, signedByEoa, threadId });
});
