import { GridmindError } from '../../../../core/errors.ts';

/**
 * The token balances of a network could not be read: the network failed, or answered something
 * that fails its type check. The message is SPEC section 8's.
 */
export class TokenBalancesError extends GridmindError {
  override readonly name = 'TokenBalancesError';

  constructor(details: string, cause?: unknown) {
    super('Token Balance Unavailable', { details, cause });
  }
}
