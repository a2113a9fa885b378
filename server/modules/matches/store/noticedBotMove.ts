import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import type { Queryable } from '#server/db/database.ts';
import type { PlayedMove } from './botMoveNotice.ts';
import type { StoredMove } from './botMoves.ts';

/**
 * The bot's move a `BOT_MOVES_CHANNEL` notice tells of, as a judge takes it, when `ownerId`
 * plays its match; null for another runner's match (that runner judges it) or an empty list. A
 * web process (ROLE=web) stores bots' moves but runs no engine, so the runner that plays the
 * match judges them: one primary-key read per move, on the process that has the engines.
 */
export async function noticedBotMove(
  db: Queryable,
  ownerId: string,
  matchId: string,
  played: PlayedMove,
): Promise<StoredMove | null> {
  const { rows } = await db.query<{ game: GameId }>(
    'select game from matches where id = $1 and owner = $2',
    [matchId, ownerId],
  );
  const game = rows[0]?.game;
  if (game === undefined) return null;
  const rules = gameOf(game);
  const moves = rules.decodeMoves(played.moves);
  const move = moves.at(-1);
  if (move === undefined) return null;
  return {
    matchId,
    game,
    ply: moves.length,
    movesBefore: rules.encodeMoves(moves.slice(0, -1)),
    move,
  };
}
