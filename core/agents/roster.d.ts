import type { AgentTraits } from './traits.ts';
/** A built-in agent: stable slug id, display name, one-line personality, and traits. */
export interface BuiltInAgent {
  id: string;
  name: string;
  tagline: string;
  traits: AgentTraits;
}
/** The house agents, weakest to strongest. Ids are stable: stored matches refer to them. */
export declare const BUILT_IN_AGENTS: readonly BuiltInAgent[];
