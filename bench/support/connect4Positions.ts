import { createRandom } from '#core/agents/random.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';

/** Seeded random positions with no immediate win played, in a move-count range. */
export function randomPositions(min: number, max: number, count: number, seed: number): string[] {
  const random = createRandom(seed);
  const result: string[] = [];
  while (result.length < count) {
    const target = min + Math.floor(random() * (max - min + 1));
    const position = new Connect4Position();
    while (position.nbMoves < target) {
      const moves = position.legalMoves().filter((column) => !position.isWinningMove(column));
      if (moves.length === 0) break;
      position.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (position.nbMoves === target && position.outcome().status === 'ongoing') {
      result.push(position.moves);
    }
  }
  return result;
}
