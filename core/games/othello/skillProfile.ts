import type { AgentTraits } from '#core/agents/traits.ts';

/** What a skill level means in Othello: search depth, node budget, noise, blunders, solving. */
export interface OthelloSkillProfile {
  /** Deepest heuristic search, in plies. */
  maxDepth: number;
  /** Node budget for a move at the longest think time. */
  maxNodes: number;
  /** Spread of the random error added to each candidate's score (evaluation points). */
  noise: number;
  /** Chance of ignoring the search and playing a random legal move. */
  blunderRate: number;
  /** The exact solver is tried from this many empty squares on (0: never). */
  solveFromEmpties: number;
  /**
   * Node budget of the exact solver at the longest think time: its own, as its nodes cost a
   * small fraction of the heuristic search's.
   */
  solverMaxNodes: number;
}

/**
 * Where skill 10 starts solving exactly: the most empties whose roots it solved within its think
 * time in all but one in twenty random games, measured by `npm run bench -- solveDepth` on these
 * machines (docs/FIGURES.md).
 */
export const TOP_SOLVE_FROM_EMPTIES = 20;

/** A skill's profile as written: the solver's budget is given only where it is not the default. */
type ProfileSpec = Omit<OthelloSkillProfile, 'solverMaxNodes'> & { solverMaxNodes?: number };

const SPECS: readonly ProfileSpec[] = [
  { maxDepth: 1, maxNodes: 2_000, noise: 200, blunderRate: 0.4, solveFromEmpties: 0 },
  { maxDepth: 1, maxNodes: 5_000, noise: 80, blunderRate: 0.2, solveFromEmpties: 0 },
  { maxDepth: 2, maxNodes: 10_000, noise: 60, blunderRate: 0.12, solveFromEmpties: 4 },
  { maxDepth: 3, maxNodes: 30_000, noise: 40, blunderRate: 0.08, solveFromEmpties: 6 },
  { maxDepth: 4, maxNodes: 80_000, noise: 28, blunderRate: 0.05, solveFromEmpties: 8 },
  { maxDepth: 5, maxNodes: 200_000, noise: 18, blunderRate: 0.03, solveFromEmpties: 10 },
  { maxDepth: 6, maxNodes: 500_000, noise: 10, blunderRate: 0.015, solveFromEmpties: 12 },
  { maxDepth: 7, maxNodes: 1_500_000, noise: 4, blunderRate: 0, solveFromEmpties: 14 },
  { maxDepth: 8, maxNodes: 4_000_000, noise: 0, blunderRate: 0, solveFromEmpties: 16 },
  {
    maxDepth: 10,
    maxNodes: 20_000_000,
    noise: 0,
    blunderRate: 0,
    solveFromEmpties: TOP_SOLVE_FROM_EMPTIES,
    // the top skill solves from its measured depth, up to some 10^8 nodes
    solverMaxNodes: 150_000_000,
  },
];

const PROFILES: readonly OthelloSkillProfile[] = SPECS.map((profile) => ({
  ...profile,
  // below the top skill the solver keeps the three quarters of the heuristic budget it always
  // had (at the longest think time)
  solverMaxNodes: profile.solverMaxNodes ?? profile.maxNodes * 0.75,
}));

// A conservative rate of the searches in V8 on this machine's class of CPU (1-2 million nodes
// a second measured on the bench), so budgets fit in the think time.
const NODES_PER_MS = 1_000;
// The same for the WebAssembly exact solver: 20-34 million nodes a second on the roots of 40
// random games at 20 empties (2 cores, load 4-15), so its low end. Oracle (8 s) gets 144M nodes
// and solves all 40 (median 13M; the largest 97M, 112M and 120M, which the earlier 96M, at half
// the rate and three quarters of the time, left to a depth-10 search: issue 27 asks that a
// budget never fail a solve the think time affords). The TypeScript fallback, 5-6 times slower,
// may meet the deadline first.
const SOLVER_NODES_PER_MS = 20_000;
// the share of the think time the solver may take: the rest is for the heuristic search when
// the solve does not finish
const SOLVER_SHARE = 0.9;

// Nodes of a typical exact solve at 14 empties; each further empty about doubles them. The
// WebAssembly solver's median over the roots of 40 random games at 20 empties is 13 M nodes, so
// about 200 k at 14 (the TypeScript solver's counts on seeded midgames: 14 empties 24-139 k, 16
// empties 52-606 k).
const SOLVE_NODES_AT_14 = 200_000;

/**
 * The profile of a skill level, its node budgets scaled by the think time. The solver is tried
 * only where its budget can be expected to finish: a failed solve has spent most of the think
 * time and leaves the heuristic search a quarter of its budget, so trying too early would cost a
 * strong agent its midgame depth in the very positions where a weaker one searches with all of
 * its nodes.
 */
export function othelloSkillProfile(traits: AgentTraits): OthelloSkillProfile {
  const base = PROFILES[traits.skill - 1]!;
  const maxNodes = Math.min(base.maxNodes, traits.thinkTimeMs * NODES_PER_MS);
  const solverMaxNodes = Math.min(
    base.solverMaxNodes,
    traits.thinkTimeMs * SOLVER_NODES_PER_MS * SOLVER_SHARE,
  );
  const solvable = 14 + Math.floor(Math.log2(solverMaxNodes / SOLVE_NODES_AT_14));
  return {
    ...base,
    maxNodes,
    solverMaxNodes,
    solveFromEmpties: Math.min(base.solveFromEmpties, solvable),
  };
}
