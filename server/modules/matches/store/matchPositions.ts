import type { GameDefinition } from '#core/games/definition.ts';
import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { type Replayed, replay } from '#core/games/replay.ts';

/** A match's position after its stored moves: what checking and planning its next move read. */
export interface MatchPosition {
  /** The encoded move list it is the position after, exactly as the match row holds it. */
  moves: string;
  /** Those moves, decoded (their count is the ply played last). */
  played: readonly string[];
  state: unknown;
}

/** Matches remembered at most, per process: a bot match's turn comes back within seconds. */
const MOST_MATCHES = 4_096;

/**
 * The positions of the matches this process has lately checked or played, so that checking and
 * planning a move costs one move's play instead of a replay of the whole match (every move of
 * every match would otherwise decode and replay all the moves before it, several times).
 *
 * A position is found by the match's id and served only for the very move list it was worked out
 * from: the caller passes the `moves` of the row it read (under the match's lock where it
 * writes), and a position for any other list is never returned. Another process's move, a
 * forfeit, a restart or a rolled-back write therefore cost a replay, never a wrong answer: the
 * state of a game is a function of its moves. Remembered positions extend by the moves that
 * follow them, and the least recently used are dropped beyond `MOST_MATCHES`.
 */
export class MatchPositions {
  private readonly byMatch = new Map<string, MatchPosition & { game: GameId }>();

  constructor(private readonly mostMatches = MOST_MATCHES) {}

  /**
   * The position after `moves` in match `matchId` of `game`. Throws `ValidationError` as
   * `replay` does on a malformed or illegal list.
   */
  after(matchId: string, game: GameId, moves: string): MatchPosition {
    const known = this.byMatch.get(matchId);
    if (known && known.game === game && known.moves === moves) {
      this.touch(matchId, known);
      return known;
    }
    const rules = gameOf(game);
    const position =
      known && known.game === game && moves.startsWith(known.moves)
        ? extended(rules, known, moves)
        : fromStart(rules, moves);
    this.remember(matchId, game, position);
    return position;
  }

  /**
   * The position after `move` is played on `before` (a position this cache gave), remembered
   * for the match so its next check finds it. Throws `ValidationError` on an illegal move.
   */
  play(matchId: string, game: GameId, before: MatchPosition, move: string): MatchPosition {
    const rules = gameOf(game);
    const played = [...before.played, move];
    const position = {
      moves: rules.encodeMoves(played),
      played,
      state: rules.play(before.state, move),
    };
    this.remember(matchId, game, position);
    return position;
  }

  /** The match is over: its position is not needed again. */
  forget(matchId: string): void {
    this.byMatch.delete(matchId);
  }

  /** Positions remembered now. */
  get size(): number {
    return this.byMatch.size;
  }

  private remember(matchId: string, game: GameId, position: MatchPosition): void {
    this.touch(matchId, { ...position, game });
    if (this.byMatch.size <= this.mostMatches) return;
    // A Map iterates in insertion order, and `touch` re-inserts: the first is the least used.
    const oldest = this.byMatch.keys().next();
    if (!oldest.done) this.byMatch.delete(oldest.value);
  }

  private touch(matchId: string, entry: MatchPosition & { game: GameId }): void {
    this.byMatch.delete(matchId);
    this.byMatch.set(matchId, entry);
  }
}

function fromStart(rules: GameDefinition, moves: string): MatchPosition {
  const { state, moves: played }: Replayed<unknown> = replay(rules, moves);
  return { moves, played, state };
}

/**
 * The position after `moves`, which begin with the moves of `known`: only the moves after them
 * are played. A list whose decoded start differs from `known` (an encoding where one list's text
 * begins another's without its moves doing so) is replayed from the start.
 */
function extended(rules: GameDefinition, known: MatchPosition, moves: string): MatchPosition {
  const played = rules.decodeMoves(moves);
  if (played.length > rules.maxPlies || !known.played.every((move, i) => played[i] === move)) {
    return fromStart(rules, moves);
  }
  let state = known.state;
  for (const move of played.slice(known.played.length)) state = rules.play(state, move);
  return { moves, played, state };
}

/** This process's positions: every module that checks or plays a move reads them here. */
export const matchPositions = new MatchPositions();
