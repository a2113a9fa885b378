import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestWallet } from '#server/testing/signIn.ts';
import { createContractSignatureVerifier } from './contractSignatureVerifier.ts';

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

describe('contract signature verifier', () => {
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

  it('refuses a contract wallet when no RPC_URL is configured', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createContractSignatureVerifier({});
    expect(await verify({ address: contractWallet, message, signature, chainId: 1 })).toBe(false);
  });

  it('asks the RPC about a contract wallet on its chain and follows its answer', async () => {
    const signature = await wallet.signMessage({ message });
    const input = { address: contractWallet, message, signature, chainId: 1 };
    expect(await createContractSignatureVerifier({ rpcUrls: [rpcSaysValid.url] })(input)).toBe(
      true,
    );
    expect(await createContractSignatureVerifier({ rpcUrls: [rpcReverts.url] })(input)).toBe(false);
  });

  it('refuses when the RPC serves another chain than the message names', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createContractSignatureVerifier({ rpcUrls: [rpcSaysValid.url] });
    expect(await verify({ address: contractWallet, message, signature, chainId: 42161 })).toBe(
      false,
    );
  });

  it('with one RPC per network, asks the one serving the chain of the message', async () => {
    // Arbitrum One's RPC accepts the contract wallet; mainnet's reverts; a dead one is skipped.
    const arbitrum = await startRpc({ chainId: 42161, callResult: VALID });
    try {
      const signature = await wallet.signMessage({ message });
      const verify = createContractSignatureVerifier({
        rpcUrls: ['http://127.0.0.1:1', rpcReverts.url, arbitrum.url],
        timeoutMs: 2000,
      });
      const input = { address: contractWallet, message, signature };
      expect(await verify({ ...input, chainId: 42161 })).toBe(true);
      expect(await verify({ ...input, chainId: 1 })).toBe(false);
    } finally {
      arbitrum.server.close();
    }
  });

  it('fails closed within its time-out when the RPC accepts the call and never answers', {
    timeout: 10_000,
  }, async () => {
    // Answers eth_chainId at once, then holds every eth_call open: a node that hangs mid-check.
    let heldCalls = 0;
    const hanging = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string };
        if (call.method !== 'eth_chainId') {
          heldCalls += 1;
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: '0x1' }));
      });
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const signature = await wallet.signMessage({ message });
      // The 10 s test limit is the bound: with no time-out at all the check would never settle.
      // The time-out leaves the eth_call time to reach the node on a loaded machine (at 200 ms
      // it once gave up first, under a load average of 16, and no call was ever held).
      const verify = createContractSignatureVerifier({ rpcUrls: [url], timeoutMs: 1500 });
      expect(await verify({ address: contractWallet, message, signature, chainId: 1 })).toBe(false);
      expect(heldCalls).toBeGreaterThan(0);
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it('keeps one time-out for the whole check, not one per RPC request', async () => {
    // The chain id comes when the test releases it, mid-way through the time-out; eth_call never.
    let releaseChainId = () => {};
    let chainIdArrived = () => {};
    let ethCallArrived = () => {};
    const chainIdAsked = new Promise<void>((resolve) => {
      chainIdArrived = resolve;
    });
    const ethCall = new Promise<void>((resolve) => {
      ethCallArrived = resolve;
    });
    const slow = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string };
        if (call.method !== 'eth_chainId') return ethCallArrived();
        releaseChainId = () => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: '0x1' }));
        };
        chainIdArrived();
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const signature = await wallet.signMessage({ message });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
      const verify = createContractSignatureVerifier({ rpcUrls: [url], timeoutMs: 1000 });
      let answer: boolean | undefined;
      void verify({ address: contractWallet, message, signature, chainId: 1 }).then((result) => {
        answer = result;
      });
      await chainIdAsked;
      await vi.advanceTimersByTimeAsync(500);
      expect(answer).toBeUndefined();
      releaseChainId();
      await ethCall; // the eth_call started at 500 ms: a per-request time-out would end at 1500 ms
      await vi.advanceTimersByTimeAsync(500);
      await new Promise((resolve) => setImmediate(resolve));
      expect(answer).toBe(false);
    } finally {
      vi.useRealTimers();
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('fails closed when the RPC is unreachable', async () => {
    const signature = await wallet.signMessage({ message });
    const verify = createContractSignatureVerifier({
      rpcUrls: ['http://127.0.0.1:1'],
      timeoutMs: 2000,
    });
    expect(await verify({ address: contractWallet, message, signature, chainId: 1 })).toBe(false);
  });
});
