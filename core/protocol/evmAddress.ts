// zod/mini: the signed-in user's address is read on every page load, where the first load stays
// small. Full-zod schemas embed it as they would any schema.
import * as z from 'zod/mini';
import { isEvmAddress } from '#core/validate/address.ts';

/** What a malformed address is told, wherever one is refused (SPEC section 5, EVM address). */
export const NOT_AN_EVM_ADDRESS = 'must be an EVM address: 0x and 40 hex digits';

/**
 * An address on the wire or in configuration, checked by the one EVM rule
 * (core/validate/address.ts). The text is kept as sent: sessions answer it checksummed.
 */
export const evmAddressSchema = z.string().check(z.refine(isEvmAddress, NOT_AN_EVM_ADDRESS));
