/** The fields of a sign-in message this server insists on, all present. */
export interface StrictSiweMessage {
  /** EIP-4361's optional scheme before the domain (`https` in `https://host wants you…`). */
  scheme?: string;
  domain: string;
  address: `0x${string}`;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
}

/** What a parser read of a message: any field may be missing. */
export type ReadSiweFields = {
  [Field in keyof StrictSiweMessage]?: (Field extends 'chainId' ? number : string) | undefined;
};

/**
 * The fields a parser read (and only those: a parser's other fields are left out), as a
 * StrictSiweMessage; null when one EIP-4361 leaves optional but we require is missing, or the
 * chain id is no safe integer.
 */
export function strictSiweMessage(read: ReadSiweFields): StrictSiweMessage | null {
  const { domain, address, uri, version, chainId, nonce, issuedAt } = read;
  if (!domain || !address || !uri || !version || !nonce || !issuedAt) return null;
  if (chainId === undefined || !Number.isSafeInteger(chainId)) return null;
  const { scheme, expirationTime, notBefore } = read;
  return {
    ...(scheme === undefined ? {} : { scheme }),
    domain,
    address: address as `0x${string}`,
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
  };
}
