import { type TournamentState, tournamentState } from './tournamentState.ts';
import type { Entrant, GameResult, Pairing, PlayedGame, TournamentFormat } from './types.ts';

/** A whole event played through the one runner entry, and every state it passed through. */
export interface PlayedOut {
  games: PlayedGame[];
  /** The state before each round's games were played, then the final one. */
  states: TournamentState[];
}

/**
 * Plays a tournament to the end as the runner will: ask for the state, record a result for each
 * pending game, ask again. `decide` gives each game's result (the tests draw them at random,
 * the bench will from real games). Stops with an error rather than loop if the event never ends.
 */
export function playOut(
  format: TournamentFormat,
  entrants: readonly Entrant[],
  decide: (pairing: Pairing, round: number) => GameResult,
): PlayedOut {
  const games: PlayedGame[] = [];
  const states: TournamentState[] = [];
  // A double round robin plays under 2 rounds per entrant, a bracket under 2 per stage, a Swiss
  // what it is set to: past this bound the event is looping.
  const roundLimit = 4 * entrants.length + 4 + (format.kind === 'swiss' ? format.rounds : 0);
  for (let step = 0; step <= roundLimit; step++) {
    const state = tournamentState(format, entrants, games);
    states.push(state);
    if (state.finished) return { games, states };
    const round = state.rounds.at(-1)?.number ?? 0;
    for (const pairing of state.pending)
      games.push({ ...pairing, round, result: decide(pairing, round) });
  }
  throw new Error(`${format.kind} with ${entrants.length} entrants did not finish`);
}
