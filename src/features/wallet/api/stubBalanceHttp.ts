import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  erc20Abi,
  type Hex,
  multicall3Abi,
} from 'viem';

const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';

/** The stub RPC node of a chain. */
export const stubRpcUrl = (chainId: number) => `https://rpc.test/${chainId}`;
/** The stub balance API's origin, for a TokenBalanceSource's `baseUrl`. */
export const STUB_API_ORIGIN = 'https://api.test';

/** A JSON-RPC request as viem's http transport sends it (alone or in a batch array). */
interface RpcRequest {
  id?: unknown;
  method?: string;
  params?: unknown[];
}

/**
 * For tests: answers `fetch` at the HTTP boundary as the chain's RPC nodes and Reown's balance
 * API would, so everything between (our code, wagmi, viem's http transport and its Multicall3
 * batching) runs for real. RPCs live at {@link stubRpcUrl}, the API at
 * {@link STUB_API_ORIGIN}. `balances` maps a lowercase token address to its raw `balanceOf` answer;
 * `apiAnswer` is the API's JSON body. `offline` makes every request fail as a browser does.
 */
export function stubBalanceHttp() {
  const state = {
    offline: false,
    balances: new Map<string, bigint>(),
    apiAnswer: { balances: [] } as unknown,
    apiStatus: 200,
    /** balanceOf calls answered, inside a multicall or not. */
    balanceOfCalls: 0,
    apiUrls: [] as string[],
  };

  const balanceOf = (to: string, data: Hex): Hex | undefined => {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    if (call.functionName !== 'balanceOf') return undefined;
    state.balanceOfCalls++;
    const balance = state.balances.get(to.toLowerCase());
    return balance === undefined
      ? undefined
      : encodeAbiParameters([{ type: 'uint256' }], [balance]);
  };

  const ethCall = (call: { to: string; data: Hex }): Hex | undefined => {
    if (call.to.toLowerCase() !== MULTICALL3) return balanceOf(call.to, call.data);
    const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data: call.data });
    if (functionName !== 'aggregate3') return undefined;
    const results = args[0].map(({ target, callData }) => {
      const returnData = balanceOf(target, callData);
      return returnData
        ? { success: true, returnData }
        : { success: false, returnData: '0x' as Hex };
    });
    return encodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      result: results,
    });
  };

  const answerRpc = (request: RpcRequest) => {
    const call = request.params?.[0] as { to: string; data: Hex } | undefined;
    const result = request.method === 'eth_call' && call ? ethCall(call) : undefined;
    return result === undefined
      ? { jsonrpc: '2.0', id: request.id, error: { code: 3, message: 'execution reverted' } }
      : { jsonrpc: '2.0', id: request.id, result };
  };

  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (state.offline) throw new TypeError('Failed to fetch');
    if (url.origin === 'https://rpc.test') {
      const body = JSON.parse(String(init?.body)) as RpcRequest | RpcRequest[];
      const replies = Array.isArray(body) ? body.map(answerRpc) : answerRpc(body);
      return Response.json(replies);
    }
    if (url.origin === STUB_API_ORIGIN && /^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) {
      state.apiUrls.push(url.href);
      return Response.json(state.apiAnswer, { status: state.apiStatus });
    }
    throw new TypeError('Failed to fetch');
  };

  return { state, fetch: fetchStub };
}
