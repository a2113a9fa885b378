const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;

/** EVM address: optional 0x prefix and exactly 40 hex digits, any case (no checksum rule). */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS.test(value);
}

/**
 * The one spelling Gridmind stores and compares: 0x and 40 lowercase hex digits. Sign-in keeps
 * addresses so (server/modules/auth), so a configured or searched address matches whatever case
 * or prefix it was written with. Only for values that passed {@link isEvmAddress}.
 */
export function normalizeEvmAddress(address: string): string {
  return `0x${(address.startsWith('0x') ? address.slice(2) : address).toLowerCase()}`;
}
