import { createPublicClient, http, type PublicClient, verifyMessage } from 'viem';

/** How long a contract-wallet check may take before it counts as a failure. */
const CONTRACT_SIGNATURE_TIMEOUT_MS = 5000;

/** Checks that `address` signed `message` on `chainId`; any doubt is false. */
export type SignatureVerifier = (input: {
  address: `0x${string}`;
  message: string;
  signature: `0x${string}`;
  chainId: number;
}) => Promise<boolean>;

async function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * EOA signatures are recovered locally. Contract wallets (ERC-1271, and ERC-6492 for undeployed
 * ones) need the chain: they are checked through RPC_URL only when it is configured and serves the
 * message's chain, within a time-out; without it they are refused.
 */
export function createSignatureVerifier(options: {
  rpcUrl?: string | undefined;
  timeoutMs?: number;
}): SignatureVerifier {
  const timeoutMs = options.timeoutMs ?? CONTRACT_SIGNATURE_TIMEOUT_MS;
  let client: PublicClient | undefined;
  let rpcChainId: Promise<number | null> | undefined;

  return async ({ address, message, signature, chainId }) => {
    const signedByEoa = await verifyMessage({ address, message, signature }).catch(() => false);
    if (signedByEoa) return true;
    if (!options.rpcUrl) return false;

    client ??= createPublicClient({
      transport: http(options.rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
    });
    const rpc = client;
    rpcChainId ??= rpc.getChainId().catch(() => null);
    const check = async () => {
      const servedChain = await rpcChainId;
      // A failed chain lookup is retried on the next sign-in rather than remembered.
      if (servedChain === null) rpcChainId = undefined;
      if (servedChain !== chainId) return false;
      return rpc.verifyMessage({ address, message, signature });
    };
    return withTimeout(check(), timeoutMs, false);
  };
}
