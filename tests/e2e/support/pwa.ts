import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from 'playwright-core';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
  toFunctionSelector,
} from 'viem';

const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
const GET_ETH_BALANCE = toFunctionSelector('getEthBalance(address)');

const clientDir = fileURLToPath(new URL('../../../dist/client/', import.meta.url));

/** Resolves once a service worker controls `page` (after the first visit's install and claim). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 30_000,
  });
}

/** Waits until the persisted query client in IndexedDB holds the signed-in user. */
export async function waitForPersistedMe(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('gridmind');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('queries').objectStore('queries').get('queryClient');
          read.onerror = () => resolve(false);
          read.onsuccess = () => {
            const queries = (read.result?.clientState?.queries ?? []) as {
              queryKey: unknown[];
              state: { data: unknown };
            }[];
            db.close();
            resolve(queries.some((query) => query.queryKey[0] === 'me' && query.state.data));
          };
        };
      }),
    null,
    { timeout: 15_000, polling: 250 },
  );
}

/** A wallet-directory image URL, as AppKit asks for it. */
export const WALLET_IMAGE_URL =
  'https://api.web3modal.org/getWalletImage/e7c4d26541a7fd84dbdfa9922d3ad21e936e13a7a0e44385d44f006139e44d3b?projectId=test&st=appkit&sv=html-wagmi-1.8.24';

// A 1 × 1 PNG: the wallet directory answers with real images, CORS open.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Serves wallet-directory images from the test process; counts how often the network was asked. */
export async function serveWalletImages(context: BrowserContext): Promise<{ requests: number }> {
  const counter = { requests: 0 };
  await context.route('https://api.web3modal.org/getWalletImage/**', async (route) => {
    counter.requests++;
    await route.fulfill({
      status: 200,
      body: PNG_1X1,
      headers: { 'content-type': 'image/png', 'access-control-allow-origin': '*' },
    });
  });
  return counter;
}

/**
 * Answers public JSON-RPC endpoints (what wagmi reads balances from) for eth_getBalance (plain or
 * through Multicall3's getEthBalance) and eth_chainId; every other read fails, as on a node
 * without ENS data.
 * `hold()` makes new requests wait until `release()`, to see what renders before the network.
 */
export async function serveFakeRpc(
  context: BrowserContext,
  origin: string,
  balanceWei: bigint,
): Promise<{ balanceCalls: number; hold(): void; release(): void }> {
  let held: (() => void)[] | undefined;
  // viem batches reads through Multicall3: a balance is then getEthBalance inside aggregate3.
  const answerMulticall = (params: unknown[] | undefined) => {
    const call = params?.[0] as { to?: string; data?: Hex } | undefined;
    if (call?.to?.toLowerCase() !== MULTICALL3 || !call.data) return undefined;
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: call.data });
    if (functionName !== 'aggregate3') return undefined;
    let balanceCalls = 0;
    const results = args[0].map(({ target, callData }) => {
      if (target.toLowerCase() !== MULTICALL3 || !callData.startsWith(GET_ETH_BALANCE)) {
        return { success: false, returnData: '0x' as Hex };
      }
      balanceCalls++;
      return {
        success: true,
        returnData: encodeAbiParameters([{ type: 'uint256' }], [balanceWei]),
      };
    });
    const result = encodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      result: results,
    });
    return { result, balanceCalls };
  };
  const state = {
    balanceCalls: 0,
    hold: () => {
      held = [];
    },
    release: () => {
      for (const resume of held ?? []) resume();
      held = undefined;
    },
  };
  const answer = (request: { id?: unknown; method?: string; params?: unknown[] }) => {
    if (request.method === 'eth_getBalance') {
      state.balanceCalls++;
      return { jsonrpc: '2.0', id: request.id, result: `0x${balanceWei.toString(16)}` };
    }
    const multicall = request.method === 'eth_call' ? answerMulticall(request.params) : undefined;
    if (multicall) {
      state.balanceCalls += multicall.balanceCalls;
      return { jsonrpc: '2.0', id: request.id, result: multicall.result };
    }
    if (request.method === 'eth_chainId') return { jsonrpc: '2.0', id: request.id, result: '0x1' };
    return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'not served here' } };
  };
  await context.route(
    (url) => url.origin !== origin,
    async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      let body: unknown;
      try {
        body = request.postDataJSON();
      } catch {
        return route.fallback();
      }
      const calls = Array.isArray(body) ? body : [body];
      if (!calls.every((call) => typeof call === 'object' && call && 'method' in call)) {
        return route.fallback();
      }
      if (held) await new Promise<void>((resume) => held?.push(resume));
      const replies = calls.map((call) =>
        answer(call as { id?: unknown; method?: string; params?: unknown[] }),
      );
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(Array.isArray(body) ? replies : replies[0]),
      });
    },
  );
  return state;
}

/** A private copy of the built client, so a test can ship a "new build" without touching dist. */
export async function copyBuiltClient(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-client-'));
  await cp(clientDir, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
