import { createPublicClient, http, type PublicClient } from 'viem';

/** How long a contract-wallet check may take before it counts as a failure. */
const CONTRACT_SIGNATURE_TIMEOUT_MS = 5000;

/**
 * Checks that the contract wallet at `address` accepts `signature` for `message` on `chainId`;
 * any doubt is false.
 */
export type ContractSignatureVerifier = (input: {
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

/** One configured RPC: its client, and the chain it serves once asked (null when asking failed). */
interface Rpc {
  client: PublicClient;
  chainId: Promise<number | null> | undefined;
}

/**
 * For signatures no EOA made (eoaSignature.ts recovers those locally, on the signature-check
 * threads): contract wallets (ERC-1271, and ERC-6492 for undeployed ones) need the chain, so they
 * are checked through the configured RPC that serves the message's chain (`RPC_URL` may list one
 * per network), within one time-out for the whole check; with none for that chain, or no answer
 * in time, they are refused.
 */
export function createContractSignatureVerifier(options: {
  rpcUrls?: readonly string[];
  timeoutMs?: number;
}): ContractSignatureVerifier {
  const timeoutMs = options.timeoutMs ?? CONTRACT_SIGNATURE_TIMEOUT_MS;
  const rpcs: Rpc[] = (options.rpcUrls ?? []).map((url) => ({
    client: createPublicClient({ transport: http(url, { timeout: timeoutMs, retryCount: 0 }) }),
    chainId: undefined,
  }));

  const chainOf = async (rpc: Rpc): Promise<number | null> => {
    rpc.chainId ??= rpc.client.getChainId().catch(() => null);
    const served = await rpc.chainId;
    // A failed chain lookup is retried on the next sign-in rather than remembered.
    if (served === null) rpc.chainId = undefined;
    return served;
  };

  return async ({ address, message, signature, chainId }) => {
    if (rpcs.length === 0) return false;
    const check = async () => {
      const served = await Promise.all(rpcs.map(chainOf));
      const rpc = rpcs[served.indexOf(chainId)];
      if (!rpc) return false;
      return rpc.client.verifyMessage({ address, message, signature });
    };
    return withTimeout(check(), timeoutMs, false);
  };
}
