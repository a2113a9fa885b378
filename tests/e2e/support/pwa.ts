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
const BALANCE_OF = toFunctionSelector('balanceOf(address)');

const clientDir = fileURLToPath(new URL('../../../dist/client/', import.meta.url));

/**
 * Resolves once a service worker controls `page` (after the first visit's install and claim).
 * One that does not says how far it got: registered or not, and its workers' states.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 })
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker?.getRegistration();
        if (!registration) return `no registration (page ${document.readyState})`;
        const { installing, waiting, active } = registration;
        return `installing ${installing?.state}, waiting ${waiting?.state}, active ${active?.state}`;
      });
      throw new Error(`no service worker controls the page: ${seen}`, { cause: error });
    });
}

/** The saved `me` query, as the persisted query client in IndexedDB holds it. */
interface SavedMe {
  /** False until the page saved its query client at all. */
  saved: boolean;
  /** When the saved snapshot was taken (the page's clock), 0 when nothing is saved. */
  timestamp: number;
  /** The saved `me` query's data and error time; undefined when `me` was not saved. */
  me?: { data: unknown; errorUpdatedAt: number };
}

/** Reads the saved `me` query from the page's IndexedDB (page.evaluate awaits the promise). */
function readSavedMe(page: Page): Promise<SavedMe> {
  return page.evaluate(
    () =>
      new Promise<SavedMe>((resolve) => {
        const open = indexedDB.open('gridmind');
        // Never create the database: an empty version 1 made here before the app opens it would
        // leave the app without its stores (it would open version 1 and see no upgrade to run).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve({ saved: false, timestamp: 0 });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) {
            db.close();
            resolve({ saved: false, timestamp: 0 });
            return;
          }
          const read = db.transaction('queries').objectStore('queries').get('queryClient');
          read.onerror = () => resolve({ saved: false, timestamp: 0 });
          read.onsuccess = () => {
            db.close();
            const queries = (read.result?.clientState?.queries ?? []) as {
              queryKey: unknown[];
              state: { data: unknown; errorUpdatedAt: number };
            }[];
            const me = queries.find((query) => query.queryKey[0] === 'me');
            resolve({
              saved: read.result !== undefined,
              timestamp: (read.result?.timestamp as number | undefined) ?? 0,
              ...(me
                ? { me: { data: me.state.data, errorUpdatedAt: me.state.errorUpdatedAt } }
                : {}),
            });
          };
        };
      }),
  );
}

/**
 * Polls the saved `me` until `done` accepts it. Not page.waitForFunction: it takes a returned
 * promise for a truthy value without awaiting it, so an IndexedDB read there passes at once.
 */
async function waitForSavedMe(
  page: Page,
  done: (saved: SavedMe) => boolean,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const saved = await readSavedMe(page);
    if (done(saved)) return;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(saved)}`);
    await page.waitForTimeout(250);
  }
}

/** When the page last saved its query client to IndexedDB (its clock), 0 when never. */
export async function savedQueriesTimestamp(page: Page): Promise<number> {
  return (await readSavedMe(page)).timestamp;
}

/** Waits until the page saved its query client to IndexedDB at least once. */
export function waitForFirstSave(page: Page): Promise<void> {
  return waitForSavedMe(page, ({ saved }) => saved, 'the first save');
}

/** Waits until the persisted query client in IndexedDB holds the signed-in user. */
export function waitForPersistedMe(page: Page): Promise<void> {
  return waitForSavedMe(page, ({ me }) => Boolean(me?.data), 'the signed-in user to be saved');
}

/**
 * Waits until the query client saved in IndexedDB reflects a failed `/api/me` refetch: the `me`
 * query saved with an error time, or (as before the fix) not saved at all.
 */
export function waitForPersistedMeFailure(page: Page): Promise<void> {
  return waitForSavedMe(
    page,
    ({ saved, me }) => saved && (me === undefined || me.errorUpdatedAt > 0),
    'the failed /api/me refetch to be saved',
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
 * through Multicall3's getEthBalance), ERC-20 balanceOf of the tokens in `tokenBalances` (keyed by
 * lowercase contract address; plain or through Multicall3) and eth_chainId; every other read
 * fails, as on a node without ENS data.
 * `hold()` makes new requests wait until `release()`, to see what renders before the network.
 */
export async function serveFakeRpc(
  context: BrowserContext,
  origin: string,
  balanceWei: bigint,
  tokenBalances: ReadonlyMap<string, bigint> = new Map(),
): Promise<{ balanceCalls: number; tokenCalls: number; hold(): void; release(): void }> {
  let held: (() => void)[] | undefined;
  const tokenBalance = (target: string, callData: Hex): Hex | undefined => {
    const balance = tokenBalances.get(target.toLowerCase());
    if (balance === undefined || !callData.startsWith(BALANCE_OF)) return undefined;
    state.tokenCalls++;
    return encodeAbiParameters([{ type: 'uint256' }], [balance]);
  };
  // viem batches reads through Multicall3: a balance is then getEthBalance inside aggregate3.
  const answerMulticall = (params: unknown[] | undefined) => {
    const call = params?.[0] as { to?: string; data?: Hex } | undefined;
    if (call?.to?.toLowerCase() !== MULTICALL3 || !call.data) return undefined;
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: call.data });
    if (functionName !== 'aggregate3') return undefined;
    let balanceCalls = 0;
    const results = args[0].map(({ target, callData }) => {
      const token = tokenBalance(target, callData);
      if (token !== undefined) return { success: true, returnData: token };
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
    tokenCalls: 0,
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
    const call = request.params?.[0] as { to?: string; data?: Hex } | undefined;
    const token =
      request.method === 'eth_call' && call?.to && call.data
        ? tokenBalance(call.to, call.data)
        : undefined;
    if (token !== undefined) return { jsonrpc: '2.0', id: request.id, result: token };
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
