/**
 * The solver's node count and when a search must stop: the node budget and the host's deadline,
 * read every 1,024 nodes, and why the last search stopped. The search files count each node where
 * it starts, `(++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()`, written out there: a
 * function for it was not inlined, and the call cost 5%. In AssemblyScript `nodes` is one
 * WebAssembly global, and a file that imports it increments that global.
 */

import { now } from './solver';

export const CLOCK_CHECK_EVERY: i64 = 1023;

/** Why the last search stopped early: 0 it did not, 1 node budget, 2 deadline. */
export let stopped: i32 = 0;
export let nodes: i64 = 0;
let maxNodes: f64 = Infinity;
let deadline: f64 = Infinity;
let clocked = false;

/** Sets the node budget (on the running count; Infinity for none) and the deadline. */
export function arm(budget: f64, until: f64): void {
  maxNodes = budget;
  deadline = until;
  clocked = until < Infinity;
  stopped = 0;
}

export function nodeCount(): f64 {
  return <f64>nodes;
}

export function resetNodes(): void {
  nodes = 0;
}

export function stopReason(): i32 {
  return stopped;
}

/** True when the budget or the deadline stops the search (read every 1,024 nodes). */
export function budgetSpent(): bool {
  if (<f64>nodes > maxNodes) stopped = 1;
  else if (clocked && now() > deadline) stopped = 2;
  return stopped !== 0;
}
