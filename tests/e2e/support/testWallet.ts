import type { BrowserContext, Page } from 'playwright-core';
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';

/** The EIP-6963 identity the test wallet announces; AppKit lists it as `wallet-selector-<rdns>`. */
export const TEST_WALLET_RDNS = 'app.gridmind.testwallet';

const SUPPORTED_CHAINS = new Set([1, 42161]);

type RpcAnswer =
  | { result: unknown; events?: [string, unknown][] }
  | { error: { code: number; message: string } };

/** What the wallet did (for assertions), and what the test can make it do. */
export interface TestWalletLog {
  methods: string[];
  signedMessages: string[];
  /** Switches the wallet's network the way a user does in the extension, emitting chainChanged. */
  switchChain(page: Page, chainId: number): Promise<void>;
}

/** The DOM event the page-side wallet listens on for events the test makes the wallet emit. */
const EMIT_EVENT = 'gridmind-test-wallet:emit';

/**
 * Injects an EIP-1193 wallet, announced through EIP-6963, into every page of the context before
 * page scripts run. Requests go to this test process, which keeps the wallet's state (so the
 * permission survives reloads, as with a real extension) and signs with a viem local account.
 */
export async function injectTestWallet(
  context: BrowserContext,
  account: PrivateKeyAccount,
): Promise<TestWalletLog> {
  let permitted = false;
  let chainId = 1;
  const log: TestWalletLog = {
    methods: [],
    signedMessages: [],
    async switchChain(page, nextChainId) {
      chainId = nextChainId;
      await page.evaluate(
        ([eventName, hex]) =>
          window.dispatchEvent(new CustomEvent(eventName, { detail: ['chainChanged', hex] })),
        [EMIT_EVENT, `0x${nextChainId.toString(16)}`] as const,
      );
    },
  };
  const hexChainId = () => `0x${chainId.toString(16)}`;
  const accounts = () => (permitted ? [account.address] : []);

  async function answer(method: string, params: unknown[]): Promise<RpcAnswer> {
    log.methods.push(method);
    switch (method) {
      case 'eth_accounts':
        return { result: accounts() };
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        const wasPermitted = permitted;
        permitted = true;
        const events: [string, unknown][] = wasPermitted ? [] : [['accountsChanged', accounts()]];
        const result =
          method === 'eth_requestAccounts' ? accounts() : [{ parentCapability: 'eth_accounts' }];
        return { result, events };
      }
      case 'wallet_getPermissions':
        return { result: permitted ? [{ parentCapability: 'eth_accounts' }] : [] };
      case 'wallet_revokePermissions':
        permitted = false;
        return { result: null, events: [['accountsChanged', []]] };
      case 'eth_chainId':
        return { result: hexChainId() };
      case 'net_version':
        return { result: String(chainId) };
      case 'wallet_switchEthereumChain': {
        const requested = Number((params[0] as { chainId?: string } | undefined)?.chainId);
        if (!SUPPORTED_CHAINS.has(requested)) {
          return { error: { code: 4902, message: 'Unrecognized chain ID' } };
        }
        chainId = requested;
        return { result: null, events: [['chainChanged', hexChainId()]] };
      }
      case 'personal_sign': {
        const [message, address] = params as [Hex, string];
        if (!permitted || address.toLowerCase() !== account.address.toLowerCase()) {
          return { error: { code: 4100, message: 'Unauthorized' } };
        }
        const signature = await account.signMessage({ message: { raw: message } });
        log.signedMessages.push(Buffer.from(message.slice(2), 'hex').toString('utf8'));
        return { result: signature };
      }
      default:
        return { error: { code: 4200, message: `Unsupported method ${method}` } };
    }
  }

  await context.exposeBinding(
    '__gridmindTestWallet',
    (_source, method: string, params: unknown[]) => answer(method, params ?? []),
  );
  // tsx compiles with keepNames, so the serialized function calls an `__name` helper that the
  // page lacks: define it in the script's own scope.
  await context.addInitScript({
    content: `(() => { const __name = (target) => target; (${pageSideWallet.toString()})(${JSON.stringify({ rdns: TEST_WALLET_RDNS, emitEvent: EMIT_EVENT })}); })();`,
  });
  return log;
}

/** Runs in the page: a thin EIP-1193 provider forwarding every request to the test process. */
function pageSideWallet({ rdns, emitEvent }: { rdns: string; emitEvent: string }) {
  type Listener = (value: unknown) => void;
  const bridge = (window as unknown as Record<string, unknown>).__gridmindTestWallet as (
    method: string,
    params: unknown[],
  ) => Promise<
    { result: unknown; events?: [string, unknown][] } | { error: { code: number; message: string } }
  >;
  const listeners = new Map<string, Set<Listener>>();
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const reply = await bridge(method, params ?? []);
      if ('error' in reply) {
        throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      }
      for (const [event, value] of reply.events ?? []) {
        for (const listener of listeners.get(event) ?? []) listener(value);
      }
      return reply.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  window.addEventListener(emitEvent, (event) => {
    const [name, value] = (event as CustomEvent<[string, unknown]>).detail;
    for (const listener of listeners.get(name) ?? []) listener(value);
  });
  const icon =
    'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%23f43f5e"/%3E%3C/svg%3E';
  const detail = Object.freeze({
    info: {
      uuid: '5f1a0f7e-2a7c-4d55-9b8e-1f1c6f0d6a11',
      name: 'Gridmind Test Wallet',
      icon,
      rdns,
    },
    provider,
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
