/**
 * What the exact checkers judge's node budget buys: the quick agents' games (the test agents,
 * whose endings drag on) are played out with seeded searches, and every endgame position the
 * judge tries (`worthJudging`) is judged at several budgets, counting the proofs each finds and
 * the time it spends. Moves and proofs are node-bound, so the counts are the same on any machine;
 * the times are this one's. `npm run bench -- checkersProofs` (`CHECKERS_PROOF_GAMES`, 10).
 */

import { legalPaths, replay } from '#core/games/checkers/state.ts';
import {
  CHECKERS_VERDICT_NODES,
  judgeCheckersAt,
  worthJudging,
} from '#core/games/checkers/verdict.ts';
import { gameOf } from '#core/games/registry.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { QUICK_AGENTS, quickTraits } from '#server/testing/testAgents.ts';

const BUDGETS = [50_000, 100_000, 250_000, 500_000, 1_000_000];

export default async function checkersProofsBench(): Promise<void> {
  const games = Number(process.env.CHECKERS_PROOF_GAMES ?? 10);
  const checkers = gameOf('checkers');
  const proofs = BUDGETS.map(() => 0);
  const spentMs = BUDGETS.map(() => 0);
  let tried = 0;
  let plies = 0;
  for (let game = 0; game < games; game++) {
    const sides = [0, 1].map((side) => quickTraits(QUICK_AGENTS[(game + side) % 3]!));
    let moves: string[] = [];
    let state = checkers.initial();
    let seed = game * 7919 + 1;
    const spentBefore = [...spentMs];
    while (checkers.outcome(state).status !== 'finished') {
      // No clock stops a search here: the node budgets bound every one.
      const options = { deadline: Number.POSITIVE_INFINITY, now: Date.now };
      const traits = sides[checkers.sideToMove(state)]!;
      const { move } = checkers.decide(moves, traits, { ...options, seed: seed++ });
      const position = replay(moves);
      if (worthJudging(position, legalPaths(position))) {
        tried++;
        BUDGETS.forEach((maxNodes, index) => {
          const started = performance.now();
          if (judgeCheckersAt(position, move, { ...options, maxNodes })) proofs[index]!++;
          spentMs[index]! += performance.now() - started;
        });
      }
      moves = [...moves, move];
      state = checkers.play(state, move);
    }
    plies += moves.length;
    const gameMs = (budget: number) => {
      const index = BUDGETS.indexOf(budget);
      return (spentMs[index]! - spentBefore[index]!).toFixed(0);
    };
    console.log(
      `game ${game + 1} of ${games}: ${moves.length} plies, judged in ` +
        `${gameMs(CHECKERS_VERDICT_NODES)} ms at the judge's budget, ${gameMs(1_000_000)} at a million`,
    );
  }
  console.log(`${games} games, ${plies} plies, ${tried} endgame positions tried`);
  BUDGETS.forEach((budget, index) => {
    const mark = budget === CHECKERS_VERDICT_NODES ? '  (the judge’s budget)' : '';
    console.log(
      `${budget.toLocaleString('en-US').padStart(9)} nodes: ${proofs[index]} proofs, ` +
        `${(spentMs[index]! / tried).toFixed(0)} ms a position tried${mark}`,
    );
  });
  const judged = BUDGETS.indexOf(CHECKERS_VERDICT_NODES);
  console.log(
    figureRowReport({
      figure: `checkers endgame proofs at ${figureNumber(CHECKERS_VERDICT_NODES)} nodes`,
      target: 'none',
      value:
        `${proofs[judged]} of ${figureNumber(tried)} positions, ` +
        `${figureNumber(spentMs[judged]! / tried)} ms a position`,
      command: '`npm run bench -- checkersProofs`',
    }),
  );
}
