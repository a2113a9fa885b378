import { GridmindError } from '#core/errors.ts';

/**
 * The token balances of a network could not be read: the network failed, or answered something
 * that fails its type check. The message is SPEC section 8's. `offline` marks a failure while the
 * browser was offline, which says nothing about the API (see tokenBalanceRetry.ts).
 */
export class TokenBalancesError extends GridmindError {
  override readonly name = 'TokenBalancesError';
  readonly offline: boolean;

  constructor(details: string, cause?: unknown, options: { offline?: boolean } = {}) {
    super('Token Balance Unavailable', { details, cause });
    this.offline = options.offline ?? false;
  }
}
