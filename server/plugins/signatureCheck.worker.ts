import { parentPort, threadId } from 'node:worker_threads';
// viem/utils, not viem: a third of the modules to load, so a thread is ready sooner.
import { verifyMessage } from 'viem/utils';
import { signatureCheckRequestSchema } from './signatureCheckRequest.ts';

// A thread of the signature-check pool: recovering a secp256k1 signer is pure JavaScript and
// holds its thread for about 2 ms, which the HTTP event loop must not spend.
parentPort?.on('message', async (message: unknown) => {
  const request = signatureCheckRequestSchema.parse(message);
  // Any doubt is a false, as in the main thread: a malformed signature is a failed check.
  const valid = await verifyMessage({
    address: request.address,
    message: request.message,
    signature: request.signature,
  }).catch(() => false);
  parentPort?.postMessage({ id: request.id, valid, threadId });
});
