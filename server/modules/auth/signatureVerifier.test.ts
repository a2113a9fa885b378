import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWallet } from '../../testing/signIn.ts';
import { createSignatureVerifier } from './signatureVerifier.ts';

/** A stand-in for a chain's JSON-RPC endpoint: answers eth_chainId and eth_call as told. */
async function startRpc(answers: { chainId: number; callResult: string | 'error' }) {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string };
      response.setHeader('content-type', 'application/json');
      if (call.method === 'eth_chainId') {
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            result: `0x${answers.chainId.toString(16)}`,
          }),
        );
      } else if (call.method === 'eth_call' && answers.callResult !== 'error') {
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: answers.callResult }));
      } else {
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32000, message: 'execution reverted' },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const VALID = `0x${'0'.repeat(63)}1`;
const contractWallet = '0x1111111111111111111111111111111111111111' as const;

describe('signature verifier', () => {
  const wallet = createTestWallet();
  const message = 'localhost wants you to sign in';
  let rpcSaysValid: Awaited<ReturnType<typeof startRpc>>;
  let rpcReverts: Awaited<ReturnType<typeof startRpc>>;
  beforeAll(async () => {
    rpcSaysValid = await startRpc({ chainId: 1, callResult: VALID });
    rpcReverts = await startRpc({ chainId: 1, callResult: 'error' });
  });
  afterAll(() => {
    rpcSaysValid.server.close();
    rpcReverts.server.close();
  });

  it('accepts an EOA signature locally and refuses another signer, with no RPC', async () => {
    const verify = createSignatureVerifier({});
    const signature = await wallet.signMessage({ message });
    expect(await verify({ address: wallet.address, message, signature, chainId: 1 })).toBe(true);
    const other = createTestWallet().address;
    expect(await verify({ address: other, message, signature, chainId: 1 })).toBe(false);
  });

  it('refuses a contract wallet when no RPC_URL is configured', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createSignatureVerifier({});
    expect(await verify({ address: contractWallet, message, signature, chainId: 1 })).toBe(false);
  });

  it('asks the RPC about a contract wallet on its chain and follows its answer', async () => {
    const signature = await wallet.signMessage({ message });
    const input = { address: contractWallet, message, signature, chainId: 1 };
    expect(await createSignatureVerifier({ rpcUrl: rpcSaysValid.url })(input)).toBe(true);
    expect(await createSignatureVerifier({ rpcUrl: rpcReverts.url })(input)).toBe(false);
  });

  it('refuses when the RPC serves another chain than the message names', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createSignatureVerifier({ rpcUrl: rpcSaysValid.url });
    expect(await verify({ address: contractWallet, message, signature, chainId: 42161 })).toBe(
      false,
    );
  });

  it('fails closed when the RPC is unreachable', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createSignatureVerifier({ rpcUrl: 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(await verify({ address: contractWallet, message, signature, chainId: 1 })).toBe(false);
  });
});
