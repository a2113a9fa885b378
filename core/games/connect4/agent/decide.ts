import { type Candidate, chooseMove } from '#core/agents/chooseMove.ts';
import { createRandom, seedFor } from '#core/agents/random.ts';
import { skillProfile } from '#core/agents/skillProfile.ts';
import { type AgentTraits, parseAgentTraits } from '#core/agents/traits.ts';
import { ValidationError } from '#core/errors.ts';
import { CELLS, popcount32, winningCells, winningHi } from '#core/games/connect4/bitboard.ts';
import type { WeakValue } from '#core/games/connect4/book/weakBook.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { SearchAborted } from '#core/games/connect4/searchBudget.ts';
import { HeuristicSearch } from './heuristicSearch.ts';
import { moveReason } from './moveReason.ts';
import {
  exactColumnScores,
  type KeptValue,
  openingBook,
  solvedColumn,
  solverNodesOfLastCall,
  weakBook,
  winDrawLossColumn,
} from './perfectPlay.ts';

// Before these plies an exact solve cannot finish within any think time on a typical CPU (see
// docs/ENGINE.md): perfect agents rely on the book there and search heuristically otherwise.
const PERFECT_SOLVER_FROM_PLY = 8;
const LATE_SOLVER_FROM_PLY = 18;
// The top agent's win/draw/loss solve gets its whole think time at this rate: the WebAssembly
// solver's on these machines when quiet is 5-7 M nodes a second (docs/ENGINE.md), so the budget
// fits the think time with room, and the deadline stops it on a slower or busier machine.
const SOLVER_NODES_PER_MS = 4_000;
// Past this many nodes a heuristic search without a table gains little depth for its time.
const HEURISTIC_CAP = 2_000_000;
// With a book move the search only scores the other columns for the trace: a short look does.
const BOOK_TRACE_NODES = 200_000;
// How a win/draw/loss book move shows among heuristic scores: the search's own proven-win scale.
const WEAK_BOOK_SCORE = { '1': 10_000, '0': 0, '-1': -10_000 } as const;

/** Why a move was played: the candidates weighed, how deep and how hard the agent looked. */
export interface MoveTrace {
  candidates: { move: number; score: number }[];
  depth: number;
  nodes: number;
  chosen: number;
  reason: string;
}

/** A move (column 1..7), its trace, and whether its scores are exact (solver or book). */
export interface AgentDecision {
  move: number;
  trace: MoveTrace;
  exact: boolean;
}

/** Seed for reproducible choices; `deadline`/`now` are only a safety stop. */
export interface DecideOptions {
  seed: number;
  deadline: number;
  now: () => number;
}

/**
 * Chooses a move for `moves` with the given traits. Synchronous and deterministic for the same
 * (moves, traits, seed) while the deadline is not hit: effort is bounded by node budgets from
 * the skill and think time; at the deadline the best move found so far is returned.
 */
export function decide(moves: string, traits: AgentTraits, options: DecideOptions): AgentDecision {
  const valid = parseAgentTraits(traits);
  const position = Connect4Position.fromMoves(moves);
  if (position.outcome().status !== 'ongoing') {
    throw new ValidationError('The game is over: there is no move to make.');
  }
  const random = createRandom(seedFor(options.seed, moves));
  const profile = skillProfile(valid);
  const legal = position.legalMoves();

  if (random() < profile.blunderRate) {
    const move = legal[Math.floor(random() * legal.length)]!;
    const reason = moveReason(position, move, {
      exactScore: null,
      blunder: true,
      style: valid.style,
    });
    return {
      move,
      trace: { candidates: [], depth: 0, nodes: 0, chosen: move, reason },
      exact: false,
    };
  }

  const budget = { maxNodes: profile.maxNodes, deadline: options.deadline, now: options.now };
  const fromBook = profile.solver === 'always' ? openingBook().columnScores(position) : null;
  // the first moves: the win/draw/loss book knows a column that keeps the value, not every score
  const bookMove = profile.solver === 'always' && !fromBook ? weakBook().get(position) : undefined;
  const pastBooks = !fromBook && !bookMove;
  // The top agent's win/draw/loss solve comes first, with the whole think time: a heuristic move
  // may give up a value only where that solve does not fit (docs/ENGINE.md counts them).
  const solveFirst =
    pastBooks && profile.solver === 'always' && position.nbMoves >= PERFECT_SOLVER_FROM_PLY;
  const lateSolve =
    pastBooks && profile.solver === 'late' && position.nbMoves >= LATE_SOLVER_FROM_PLY;
  let nodes = 0;
  let kept: KeptValue | null = null;
  const solverNodes = valid.thinkTimeMs * SOLVER_NODES_PER_MS;
  if (solveFirst) {
    kept = winDrawLossColumn(position, {
      ...budget,
      maxNodes: solverNodes,
      deadline: solverDeadline(options),
    });
    nodes += solverNodesOfLastCall();
  }
  // Every column's score (the fastest win, the slowest loss) where it fits, on the table the
  // value's proof left: an unproven value would not be proven by it either.
  const exact = fromBook
    ? { scores: fromBook }
    : kept || lateSolve
      ? exactColumnScores(
          position,
          {
            ...budget,
            // the top agent's solves share its think time: this gets what the value's left
            maxNodes: kept
              ? Math.min(profile.maxNodes * 0.75, solverNodes - nodes)
              : profile.maxNodes * 0.75,
            deadline: solverDeadline(options),
          },
          { warm: kept !== null },
        )
      : null;
  if (kept || lateSolve) nodes += solverNodesOfLastCall();
  // Every column's score did not fit (the late solver): the position's value and one column that
  // keeps it cost far less. It takes the heuristic's share; the heuristic then only scores the
  // other columns for the trace, as after a book move.
  let proven: ReturnType<typeof solvedColumn> = null;
  if (lateSolve && !exact) {
    proven = solvedColumn(position, {
      ...budget,
      maxNodes: profile.maxNodes * 0.25,
      // half of the time left: the heuristic still answers if the clock runs short
      deadline: solverDeadline(options, 0.5),
    });
    nodes += solverNodesOfLastCall();
  }
  const solved = exact ? null : kept;
  const known =
    bookMove ??
    (solved?.column ? { column: solved.column, value: solved.value } : null) ??
    (proven && { column: proven.column, value: Math.sign(proven.score) as WeakValue });
  let scores: (number | null)[];
  let depth: number;
  if (exact) {
    scores = exact.scores;
    depth = CELLS - position.nbMoves;
  } else {
    // a failed solver attempt leaves the heuristic its own fixed share: choices stay reproducible
    const cap = known ? BOOK_TRACE_NODES : HEURISTIC_CAP;
    const share = Math.min(
      solveFirst || lateSolve ? profile.maxNodes * 0.25 : profile.maxNodes,
      cap,
    );
    const searched = deepen(position, valid, profile.maxDepth, { ...budget, maxNodes: share });
    scores = searched.scores;
    depth = searched.depth;
    nodes += searched.nodes;
  }

  const candidates: Candidate[] = [];
  for (const move of legal) {
    candidates.push({ move, score: scores[move - 1] ?? 0, sharpness: sharpness(position, move) });
  }
  let chosen: Candidate;
  if (known) {
    chosen = candidates.find((candidate) => candidate.move === known.column)!;
    // The proven value (book or solve) replaces the chosen column's score. What it proves of the
    // others is kept too, so no heuristic score looks better than the move played: in a drawn
    // position no column wins, in a lost one every column loses.
    for (const candidate of candidates) {
      if (known.value === -1) candidate.score = WEAK_BOOK_SCORE['-1'];
      else if (known.value === 0) candidate.score = Math.min(candidate.score, 0);
    }
    chosen.score = WEAK_BOOK_SCORE[known.value];
  } else {
    chosen = chooseMove(candidates, {
      noise: exact || solved ? 0 : profile.noise,
      risk: valid.risk,
      exact: exact !== null,
      random,
    });
    // proven lost: the heuristic picked where the opponent may still go wrong, and every column
    // shows as lost
    if (solved?.value === -1) {
      for (const candidate of candidates) candidate.score = WEAK_BOOK_SCORE['-1'];
    }
  }
  const reason = moveReason(position, chosen.move, {
    exactScore: exact ? chosen.score : (proven?.score ?? null),
    bookValue: bookMove?.value ?? null,
    solvedValue: solved?.value ?? null,
    blunder: false,
    style: valid.style,
  });
  return {
    move: chosen.move,
    trace: {
      candidates: candidates.map(({ move, score }) => ({ move, score })),
      depth,
      nodes,
      chosen: chosen.move,
      reason,
    },
    exact: exact !== null || known !== null || solved !== null,
  };
}

/** The instant by which a solve must end: `share` of the time left before the deadline. */
function solverDeadline({ deadline, now }: DecideOptions, share = 0.75): number {
  if (!Number.isFinite(deadline)) return deadline;
  const start = now();
  return start + Math.max(0, deadline - start) * share;
}

/** Iterative deepening: the deepest fully searched iteration wins; a cut-off one is dropped. */
function deepen(
  position: Connect4Position,
  traits: AgentTraits,
  maxDepth: number,
  budget: { maxNodes: number; deadline: number; now: () => number },
): { scores: (number | null)[]; depth: number; nodes: number } {
  const search = new HeuristicSearch(traits.style);
  let scores: (number | null)[] = position.columnHeights().map((height) => (height < 6 ? 0 : null));
  let depth = 0;
  for (let d = 1; d <= Math.min(maxDepth, CELLS - position.nbMoves); d++) {
    try {
      scores = search.scoreMoves(position, d, budget);
      depth = d;
    } catch (error) {
      if (error instanceof SearchAborted) break;
      throw error;
    }
  }
  return { scores, depth, nodes: search.nodes };
}

/** Cells that would complete four for the mover after playing `column`. */
function sharpness(position: Connect4Position, column: number): number {
  const after = position.clone().play(column);
  // after the move the mover's stones are the "opponent" half of the new position
  const lo = winningCells(
    after.currentLo ^ after.maskLo,
    after.currentHi ^ after.maskHi,
    after.maskLo,
    after.maskHi,
  );
  return popcount32(lo) + popcount32(winningHi);
}
