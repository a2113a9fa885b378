import { createRandom } from '#core/agents/random.ts';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';

/** A finished game played by random legal moves, as the seed stores it. */
export interface RandomGame {
  game: GameId;
  /** The moves in notation, and which side (0 moved first) played each. */
  moves: string[];
  movers: (0 | 1)[];
  /** `matches.moves`: the game's own encoding. */
  encoded: string;
  result: 'first' | 'second' | 'draw';
  reason: string;
}

/**
 * `count` distinct-seeded games, spread over every registered game, each replayed from the start
 * with random legal moves through the registry until it ends: valid move lists by construction.
 */
export function playRandomGames(count: number, seed = 1): RandomGame[] {
  const games: RandomGame[] = [];
  for (let index = 0; index < count; index++) {
    const id = GAME_IDS[index % GAME_IDS.length] ?? 'connect4';
    games.push(playRandomGame(id, createRandom(seed * 7919 + index)));
  }
  return games;
}

function playRandomGame(id: GameId, random: () => number): RandomGame {
  const definition = gameOf(id);
  let state = definition.initial();
  const moves: string[] = [];
  const movers: (0 | 1)[] = [];
  for (;;) {
    const outcome = definition.outcome(state);
    if (outcome.status === 'finished') {
      const result = outcome.winner === null ? 'draw' : outcome.winner === 0 ? 'first' : 'second';
      return {
        game: id,
        moves,
        movers,
        encoded: definition.encodeMoves(moves),
        result,
        reason: outcome.reason,
      };
    }
    const legal = definition.legalMoves(state);
    const move = legal[Math.floor(random() * legal.length)];
    if (move === undefined) throw new Error(`${id} has no legal move in an ongoing position`);
    movers.push(definition.sideToMove(state));
    moves.push(move);
    state = definition.play(state, move);
  }
}
