import * as z from 'zod/mini';

/** The chain namespaces the wallet library knows (SPEC section 3). */
const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const;
/** One chain namespace, e.g. 'eip155' for EVM chains. */
export const chainNamespaceSchema = z.enum(CHAIN_NAMESPACES);
export type ChainNamespace = z.infer<typeof chainNamespaceSchema>;

/** Wallet connection status: disconnected, connecting, connected (SPEC section 4). */
export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected']);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;
