/** A long address shortened for small screens: first 6 and last 4 characters ('0x1234…abcd'). */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
