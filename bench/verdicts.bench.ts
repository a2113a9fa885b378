/**
 * What a move's verdict costs (core/games/<game>/verdict.ts): random games of Connect Four from
 * ply 8, of Othello from 20 empties and of checkers from 8 pieces (the first 30 such moves of 3
 * games: random movers shuffle kings for hundreds of plies), every move judged as the server
 * does; per game the moves
 * judged, how many were left without a verdict (budget spent), and the time of one verdict (p50,
 * p90, max); then, of random Othello positions at 20 down to 14 empties, how many the budget
 * solves. Random games are harder for the Othello solver than agents' games (their positions
 * are messier), so these are upper figures.
 */
import { createRandom } from '../core/agents/random.ts';
import { popcount32 } from '../core/games/checkers/squares.ts';
import { replay } from '../core/games/checkers/state.ts';
import { CHECKERS_VERDICT_PIECES } from '../core/games/checkers/verdict.ts';
import { discCounts, legalMoves } from '../core/games/othello/position.ts';
import { randomGame } from '../core/games/othello/testPositions.ts';
import { gameOf } from '../core/games/registry.ts';

const GAMES_EACH = 6;
const judgeOptions = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function benchGame(
  id: 'connect4' | 'othello' | 'checkers',
  judgedFrom: (moves: string[]) => boolean,
  { games = GAMES_EACH, judgedEach = Number.POSITIVE_INFINITY } = {},
) {
  const game = gameOf(id);
  const times: number[] = [];
  let absent = 0;
  for (let seed = 1; seed <= games; seed++) {
    const random = createRandom(seed);
    let state = game.initial();
    const moves: string[] = [];
    let judgedHere = 0;
    for (let legal = game.legalMoves(state); legal.length > 0; legal = game.legalMoves(state)) {
      const move = legal[Math.floor(random() * legal.length)]!;
      if (judgedHere < judgedEach && judgedFrom(moves)) {
        judgedHere++;
        const start = performance.now();
        const verdict = game.judge?.(moves, move, judgeOptions) ?? null;
        times.push(performance.now() - start);
        if (!verdict) absent++;
      }
      moves.push(move);
      state = game.play(state, move);
    }
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `${id}: ${times.length} moves judged, ${absent} without a verdict; one verdict p50 ${ms(percentile(times, 0.5))}, p90 ${ms(percentile(times, 0.9))}, max ${ms(times.at(-1) ?? 0)}`,
  );
}

/**
 * From how many empties an Othello verdict is exact in practice: of 20 random positions at each
 * count, how many the budget solves (the first legal move judged).
 */
function othelloReach() {
  const game = gameOf('othello');
  for (let empties = 20; empties >= 14; empties--) {
    let judged = 0;
    let tried = 0;
    for (let seed = 101; seed <= 120; seed++) {
      const { moves, state } = randomGame(seed, empties);
      const { mover, other } = discCounts(state);
      if (64 - mover - other !== empties) continue;
      tried++;
      if (game.judge?.(moves, legalMoves(state)[0]!, judgeOptions)) judged++;
    }
    console.log(`othello at ${empties} empties: ${judged} of ${tried} random positions judged`);
  }
}

export default async function verdicts(): Promise<void> {
  benchGame('connect4', (moves) => moves.length >= 8);
  // Othello: 60 discs are placed over the game, so 40 disc moves leave 20 empties
  benchGame('othello', (moves) => moves.filter((move) => move !== 'pass').length >= 40);
  othelloReach();
  benchGame(
    'checkers',
    (moves) => {
      const state = replay(moves);
      return popcount32(state.dark | state.light) <= CHECKERS_VERDICT_PIECES;
    },
    { games: 3, judgedEach: 30 },
  );
}
