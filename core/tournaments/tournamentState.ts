import { ValidationError } from '#core/errors.ts';
import { knockoutBracket } from './knockout.ts';
import { RecordedGames } from './recordedGames.ts';
import { roundRobinRounds } from './roundRobin.ts';
import { type Bye, type Standing, standings } from './standings.ts';
import { SWISS_BYE_HALF_POINTS, swissRound } from './swiss.ts';
import type { Entrant, Pairing, PlayedGame, Round, TournamentFormat } from './types.ts';

/** Where a tournament stands: what the runner plays next and what the page shows. */
export interface TournamentState {
  /** Every round paired so far; the last is the one under way unless the event is finished. */
  rounds: Round[];
  /** Games of the last round with no result yet: the runner starts these and only these. */
  pending: Pairing[];
  finished: boolean;
  /** The table as the results stand (final once `finished`), best place first. */
  standings: Standing[];
}

/**
 * The one entry the runner calls, whatever the format. Given the entrants, the format and every
 * game recorded so far, it pairs the rounds again from the start: a round is paired only once
 * every game before it has a result, and the first round with a game still to play is the
 * current one. Nothing else is read (no clock, no stored pairing), so a restarted runner — or
 * another process — gets the same rounds and the same games still to play, and a game that was
 * recorded is never offered again. Throws ValidationError when a recorded game is not one the
 * schedule holds, or is recorded twice.
 */
export function tournamentState(
  format: TournamentFormat,
  entrants: readonly Entrant[],
  games: readonly PlayedGame[],
): TournamentState {
  const recorded = new RecordedGames(games);
  if (format.kind === 'knockout') {
    const bracket = knockoutBracket(entrants, recorded);
    recorded.assertAllIn(bracket.rounds);
    const table = standings(entrants, games, byesOf(bracket.rounds), 0)
      .map((standing) => ({ ...standing, place: bracket.places.get(standing.id) ?? 1 }))
      .sort((a, b) => a.place - b.place || a.seed - b.seed);
    return {
      rounds: bracket.rounds,
      pending: bracket.pending,
      finished: bracket.champion !== null,
      standings: table,
    };
  }
  const byeHalfPoints = format.kind === 'swiss' ? SWISS_BYE_HALF_POINTS : 0;
  const nextRound = roundSource(format, entrants);
  const rounds: Round[] = [];
  const played: PlayedGame[] = [];
  for (let number = 1; ; number++) {
    const round = nextRound(number, played, byesOf(rounds));
    if (!round) break;
    rounds.push(round);
    const split = recorded.split(round);
    played.push(...split.played);
    if (split.pending.length > 0) {
      recorded.assertAllIn(rounds);
      return {
        rounds,
        pending: split.pending,
        finished: false,
        standings: standings(entrants, played, byesOf(rounds), byeHalfPoints),
      };
    }
  }
  recorded.assertAllIn(rounds);
  return {
    rounds,
    pending: [],
    finished: true,
    standings: standings(entrants, played, byesOf(rounds), byeHalfPoints),
  };
}

type RoundSource = (
  number: number,
  played: readonly PlayedGame[],
  byes: readonly Bye[],
) => Round | undefined;

function roundSource(
  format: Exclude<TournamentFormat, { kind: 'knockout' }>,
  entrants: readonly Entrant[],
): RoundSource {
  if (format.kind === 'round-robin') {
    const schedule = roundRobinRounds(entrants);
    return (number) => schedule[number - 1];
  }
  if (!Number.isInteger(format.rounds) || format.rounds < 1) {
    throw new ValidationError(
      `A Swiss needs a whole number of rounds, at least 1: ${format.rounds}`,
    );
  }
  // A field of one or none has nobody to pair: the event is over before it starts.
  if (entrants.length < 2) return () => undefined;
  return (number, played, byes) =>
    number <= format.rounds ? swissRound(entrants, played, byes, number) : undefined;
}

function byesOf(rounds: readonly Round[]): Bye[] {
  return rounds.flatMap((round) => round.byes.map((id) => ({ round: round.number, id })));
}
