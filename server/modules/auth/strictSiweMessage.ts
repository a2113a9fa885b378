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

/** The fields a parser read, as a StrictSiweMessage: the optional ones only where present. */
export function strictSiweMessage(
  fields: Omit<StrictSiweMessage, 'scheme' | 'expirationTime' | 'notBefore'> & {
    scheme: string | undefined;
    expirationTime: string | undefined;
    notBefore: string | undefined;
  },
): StrictSiweMessage {
  const { scheme, expirationTime, notBefore, ...required } = fields;
  return {
    ...(scheme === undefined ? {} : { scheme }),
    ...required,
    ...(expirationTime === undefined ? {} : { expirationTime }),
    ...(notBefore === undefined ? {} : { notBefore }),
  };
}
