/**
 * Checkers figures: perft speed, the engine's search rate, and how long games run (random play
 * and agents) against the 400-ply `maxPlies`. `npm run bench -- checkers`.
 */
import { checkersGame } from '#core/games/checkers/game.ts';
import { randomGame } from '#core/games/checkers/randomGames.ts';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';

const clock = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

/** perft(10)'s leaf count from the start, the figure's target: the move generator's check. */
const PERFT_10 = 18_391_564;

export default async function checkersBench(): Promise<void> {
  let perft10 = { leaves: 0, ms: 0 };
  for (let depth = 7; depth <= 10; depth++) {
    const start = performance.now();
    const leaves = checkersGame.perft(depth);
    const ms = performance.now() - start;
    if (depth === 10) perft10 = { leaves, ms };
    console.log(
      `perft(${depth}) = ${leaves} in ${ms.toFixed(0)} ms (${(leaves / ms / 1000).toFixed(1)} M leaves/s)`,
    );
  }

  const traits = { skill: 10, style: 'balanced', risk: 0.3, thinkTimeMs: 2000 } as const;
  const start = performance.now();
  const { trace } = checkersGame.decide(['11-15', '23-19', '8-11', '22-17'], traits, {
    seed: 1,
    ...clock,
  });
  const ms = performance.now() - start;
  console.log(
    `skill 10, 2 s think time: depth ${trace.depth}, ${trace.nodes} nodes in ${ms.toFixed(0)} ms (${(trace.nodes / ms).toFixed(0)} nodes/ms)`,
  );
  console.log(
    figureRowReport({
      figure: 'checkers perft(10)',
      target: figureNumber(PERFT_10),
      value:
        `${figureNumber(perft10.leaves)} in ${(perft10.ms / 1000).toFixed(1)} s; ` +
        `skill 10 searches ${(trace.nodes / ms / 1000).toFixed(1)} M nodes/s`,
      command: '`npm run bench -- checkers`',
    }),
  );

  const lengths: number[] = [];
  for (let seed = 0; seed < 10_000; seed++) lengths.push(randomGame(seed).moves.length);
  lengths.sort((a, b) => a - b);
  const mean = lengths.reduce((sum, n) => sum + n, 0) / lengths.length;
  console.log(
    `random games (10,000): mean ${mean.toFixed(1)} plies, p99 ${lengths[9_899]}, max ${lengths.at(-1)}`,
  );

  const agentLengths: string[] = [];
  for (const skill of [5, 10]) {
    for (const seed of [1, 2]) {
      const level = { skill, style: 'balanced', risk: 0.3, thinkTimeMs: 100 } as const;
      let state = checkersGame.initial();
      const moves: string[] = [];
      while (checkersGame.outcome(state).status === 'ongoing') {
        const move = checkersGame.decide(moves, level, { seed, ...clock }).move;
        moves.push(move);
        state = checkersGame.play(state, move);
      }
      const outcome = checkersGame.outcome(state);
      const reason = outcome.status === 'finished' ? outcome.reason : '';
      agentLengths.push(`skill ${skill} self-play seed ${seed}: ${moves.length} plies (${reason})`);
    }
  }
  for (const line of agentLengths) console.log(line);

  // the skill ladder: eight seeded games a pairing, colours alternating, 100 ms think time
  for (const [strong, weak] of [
    [3, 1],
    [5, 3],
    [7, 5],
    [10, 7],
  ] as const) {
    const tally = { won: 0, drawn: 0, lost: 0 };
    for (let game = 0; game < 8; game++) {
      const strongFirst = game % 2 === 0;
      const winner = strongFirst
        ? selfPlay(strong, weak, 200 + game)
        : selfPlay(weak, strong, 200 + game);
      if (winner === null) tally.drawn++;
      else if ((winner === 0) === strongFirst) tally.won++;
      else tally.lost++;
    }
    console.log(`skill ${strong} vs ${weak}: +${tally.won} =${tally.drawn} -${tally.lost}`);
  }
}

/** A seeded game between two skills (100 ms think time); the winner's seat or null. */
function selfPlay(first: number, second: number, seed: number): 0 | 1 | null {
  let state = checkersGame.initial();
  const moves: string[] = [];
  while (checkersGame.outcome(state).status === 'ongoing') {
    const skill = state.side === 0 ? first : second;
    const traits = { skill, style: 'balanced', risk: 0.3, thinkTimeMs: 100 } as const;
    const move = checkersGame.decide(moves, traits, { seed, ...clock }).move;
    moves.push(move);
    state = checkersGame.play(state, move);
  }
  const outcome = checkersGame.outcome(state);
  return outcome.status === 'finished' ? outcome.winner : null;
}
