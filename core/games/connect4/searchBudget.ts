import { GridmindError } from '#core/errors.ts';

/** Limits on one search: a node budget, and a wall-clock deadline as a safety stop. */
export type SearchBudget = { maxNodes?: number; deadline?: number; now?: () => number };

/** Thrown when a search runs out of its node budget or passes its deadline. */
export class SearchAborted extends GridmindError {
  override readonly name = 'SearchAborted';
}

/**
 * The clock of a search without a deadline. One shared function: a new closure per search made
 * the searches' call sites polymorphic and V8 deoptimised them.
 */
export const noClock = (): number => 0;
