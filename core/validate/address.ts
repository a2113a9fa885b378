/** Namespaces a CAIP address may name (SPEC section 3). */
const KNOWN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const;

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** EVM address: optional 0x prefix and exactly 40 hex digits, any case (no checksum rule). */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS.test(value);
}

/** Solana address: 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return SOLANA_ADDRESS.test(value);
}

/** CAIP address: exactly three non-empty parts `namespace:chainId:address`, known namespace. */
export function isCaipAddress(value: string): boolean {
  const parts = value.split(':');
  if (parts.length !== 3 || parts.some((part) => part === '')) return false;
  return (KNOWN_NAMESPACES as readonly string[]).includes(parts[0] ?? '');
}
