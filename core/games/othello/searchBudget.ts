/** Limits of one search: a node budget (deterministic) and a deadline (a safety stop). */
export interface SearchBudget {
  maxNodes: number;
  deadline: number;
  now: () => number;
}

/** Thrown inside a search when its budget runs out; the caller keeps its last finished result. */
export class SearchAborted extends Error {
  override readonly name = 'SearchAborted';
}
