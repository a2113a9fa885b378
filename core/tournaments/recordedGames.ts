import { ValidationError } from '#core/errors.ts';
import type { Pairing, PlayedGame, Round } from './types.ts';

/** The recorded games of one tournament, looked up by round and board. */
export class RecordedGames {
  readonly #byRound = new Map<number, Map<string, PlayedGame>>();

  /** Throws when two results are recorded for the same game (a game played twice). */
  constructor(games: readonly PlayedGame[]) {
    for (const game of games) {
      let round = this.#byRound.get(game.round);
      if (!round) {
        round = new Map();
        this.#byRound.set(game.round, round);
      }
      const key = boardKey(game);
      if (round.has(key)) {
        throw new ValidationError(
          `Round ${game.round}: ${game.first} against ${game.second} is recorded twice`,
        );
      }
      round.set(key, game);
    }
  }

  /** The result of `pairing` in round `roundNumber`, if it has been recorded. */
  resultOf(roundNumber: number, pairing: Pairing): PlayedGame | undefined {
    return this.#byRound.get(roundNumber)?.get(boardKey(pairing));
  }

  /** Every recorded game of `round`, in board order; the games it has no result for. */
  split(round: Round): { played: PlayedGame[]; pending: Pairing[] } {
    const played: PlayedGame[] = [];
    const pending: Pairing[] = [];
    for (const pairing of round.pairings) {
      const game = this.resultOf(round.number, pairing);
      if (game) played.push(game);
      else pending.push(pairing);
    }
    return { played, pending };
  }

  /**
   * Throws unless every recorded game is one of the pairings of `rounds`: a result for a game the
   * schedule does not hold means the inputs are not this tournament's (or were changed).
   */
  assertAllIn(rounds: readonly Round[]): void {
    const scheduled = new Map(rounds.map((round) => [round.number, round]));
    for (const [roundNumber, games] of this.#byRound) {
      const round = scheduled.get(roundNumber);
      for (const game of games.values()) {
        const onBoard = round?.pairings.some((pairing) => boardKey(pairing) === boardKey(game));
        if (!onBoard) {
          throw new ValidationError(
            `Round ${roundNumber}: ${game.first} against ${game.second} was never paired`,
          );
        }
      }
    }
  }
}

function boardKey(pairing: Pairing): string {
  return `${pairing.first}\u0000${pairing.second}`;
}
