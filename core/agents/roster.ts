import type { AgentTraits } from './traits.ts';

/** A built-in agent: stable slug id, display name, one-line personality, and traits. */
export interface BuiltInAgent {
  id: string;
  name: string;
  tagline: string;
  traits: AgentTraits;
}

/** The house agents, weakest to strongest. Ids are stable: stored matches refer to them. */
export const BUILT_IN_AGENTS: readonly BuiltInAgent[] = [
  {
    id: 'pip',
    name: 'Pip',
    tagline: 'Plays for the joy of dropping stones; sometimes forgets the board exists.',
    traits: { skill: 1, style: 'balanced', risk: 0.8, thinkTimeMs: 300 },
  },
  {
    id: 'bramble',
    name: 'Bramble',
    tagline: 'A nervous hedgehog: blocks everything, builds little.',
    traits: { skill: 2, style: 'defensive', risk: 0.1, thinkTimeMs: 500 },
  },
  {
    id: 'juno',
    name: 'Juno',
    tagline: 'Curious and even-tempered; learns a little from every game.',
    traits: { skill: 3, style: 'balanced', risk: 0.4, thinkTimeMs: 700 },
  },
  {
    id: 'blitz',
    name: 'Blitz',
    tagline: 'All-out attack, every move a threat, no time wasted thinking.',
    traits: { skill: 4, style: 'aggressive', risk: 0.95, thinkTimeMs: 200 },
  },
  {
    id: 'sentinel',
    name: 'Sentinel',
    tagline: 'A wall of stones: patient, careful, waits for your mistake.',
    traits: { skill: 5, style: 'defensive', risk: 0.15, thinkTimeMs: 1500 },
  },
  {
    id: 'mosaic',
    name: 'Mosaic',
    tagline: 'Builds patterns across the whole board, piece by piece.',
    traits: { skill: 6, style: 'balanced', risk: 0.5, thinkTimeMs: 1500 },
  },
  {
    id: 'viper',
    name: 'Viper',
    tagline: 'Sets traps three moves deep and strikes the moment you look away.',
    traits: { skill: 7, style: 'aggressive', risk: 0.75, thinkTimeMs: 2000 },
  },
  {
    id: 'sage',
    name: 'Sage',
    tagline: 'Calm and deep; gives nothing away and takes what it is given.',
    traits: { skill: 8, style: 'defensive', risk: 0.2, thinkTimeMs: 3000 },
  },
  {
    id: 'ada',
    name: 'Ada',
    tagline: 'Calculates the endgame to the last stone.',
    traits: { skill: 9, style: 'balanced', risk: 0.3, thinkTimeMs: 4000 },
  },
  {
    id: 'oracle',
    name: 'Oracle',
    tagline:
      'Plays perfectly whenever the position can be solved in time: the book, then the solver.',
    traits: { skill: 10, style: 'balanced', risk: 0, thinkTimeMs: 8000 },
  },
];
