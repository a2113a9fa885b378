import type { MoveTrace } from '../../../../core/games/definition.ts';
import type { GameId } from '../../../../core/games/gameIds.ts';
import { gameOf } from '../../../../core/games/registry.ts';
import { replay } from '../../../../core/games/replay.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { BOT_MOVES_CHANNEL } from '../../../events/botEvents.ts';
import { sideAt } from './gameMoves.ts';
import { type LockedMatch, lockPlayableMatch } from './lockedMatch.ts';
import { forfeit, type MatchEndHook } from './matchEnd.ts';
import { applyMove } from './matchWriter.ts';

/** What a bot's trace says: it reports no search, only the move. */
function botTrace(move: string): MoveTrace {
  return {
    candidates: [],
    depth: 0,
    nodes: 0,
    chosen: move,
    reason: 'Played by a bot',
    advantage: 0,
  };
}

/** Why a bot's move was not taken, each with the HTTP status the API answers. */
export type BotMoveRefusal =
  | { status: 404; error: string }
  | { status: 409; error: string }
  | { status: 422; error: string; matchLost: true };

/** The answer to an accepted move (the same again for a repeat of it). */
export interface BotMoveAccepted {
  matchId: string;
  ply: number;
  move: string;
  /** The move list after the move, in the game's encoding. */
  moves: string;
  /** The move ended the match (its result is in the stream's `match-end`). */
  ended: boolean;
}

/** A move a bot sent: checked under the match's row lock, then stored like any other. */
export interface BotMoveInput {
  matchId: string;
  botId: string;
  ply: number;
  move: string;
  now: Date;
  moveTimeoutMs: number;
  onMatchEnd?: MatchEndHook;
}

/** The bot's side in a match, or null when it does not play in it. */
function seatOf(match: LockedMatch, botId: string): 'first' | 'second' | null {
  if (match.firstAgentId === botId) return 'first';
  if (match.secondAgentId === botId) return 'second';
  return null;
}

/**
 * Takes a bot's move. Refused, changing nothing: a match that does not exist, is over or is not
 * the bot's (404 — to a bot, another match is as good as none), a ply that is not the next
 * one or a turn that is not the bot's (409). A repeat of a move already stored from this bot at
 * that ply is answered as the first time (idempotent). An illegal move on the bot's own turn loses
 * the match (422, `matchLost`).
 */
export async function recordBotMove(
  db: Database,
  input: BotMoveInput,
): Promise<BotMoveAccepted | BotMoveRefusal> {
  return db.transaction(async (tx) => {
    const repeat = await tx.query<{ move: string; agent_id: string }>(
      'select move, agent_id from match_moves where match_id = $1 and ply = $2',
      [input.matchId, input.ply],
    );
    const stored = repeat.rows[0];
    if (stored && stored.agent_id === input.botId && stored.move === input.move.trim()) {
      return acceptedRepeat(tx, input);
    }
    const match = await lockPlayableMatch(tx, input.matchId);
    const side = match ? seatOf(match, input.botId) : null;
    if (!match || !side) {
      const over = await isOwnFinishedMatch(tx, input);
      return over
        ? { status: 409, error: 'This match is over.' }
        : { status: 404, error: 'No live match of this bot has this id.' };
    }
    const plies = gameOf(match.game).decodeMoves(match.moves).length;
    if (input.ply !== plies + 1) {
      return {
        status: 409,
        error: `Ply ${input.ply} is not the next one: ${plies} moves are played, so the next is ply ${plies + 1}.`,
      };
    }
    if (match.startsAt && match.startsAt > input.now) {
      return { status: 409, error: `This match starts at ${match.startsAt.toISOString()}.` };
    }
    if (sideAt(match.game, match.moves) !== side) {
      return { status: 409, error: `It is not this bot's turn at ply ${input.ply}.` };
    }
    if (input.now.getTime() > match.turnStartedAt.getTime() + input.moveTimeoutMs) {
      // Too late: the runner forfeits it at its next look; say so now, changing nothing.
      return { status: 409, error: 'The deadline for this move has passed.' };
    }
    const rules = gameOf(match.game);
    const move = input.move.trim();
    // Exactly as the game writes its moves (the `legalMoves` of the bot's events).
    if (!rules.legalMoves(replay(rules, match.moves).state).includes(move)) {
      const result = await forfeit(tx, match, 'illegal-move', input.now, input.onMatchEnd);
      await tx.query('select pg_notify($1, $2)', [BOT_MOVES_CHANNEL, match.id]);
      return {
        status: 422,
        error: `${JSON.stringify(move)} is not a legal move at ply ${input.ply}: the match is lost (${result.result} wins).`,
        matchLost: true,
      };
    }
    const recorded = await applyMove(tx, match, {
      matchId: match.id,
      ply: input.ply,
      move,
      agentId: input.botId,
      trace: botTrace(move),
      now: input.now,
      botMoveTimeoutMs: input.moveTimeoutMs,
      ...(input.onMatchEnd ? { onMatchEnd: input.onMatchEnd } : {}),
    });
    await tx.query('select pg_notify($1, $2)', [BOT_MOVES_CHANNEL, match.id]);
    return {
      matchId: match.id,
      ply: input.ply,
      move,
      moves: recorded.move.moves,
      ended: recorded.result !== null,
    };
  });
}

/** The answer to a repeated move, as it was the first time. */
async function acceptedRepeat(tx: Queryable, input: BotMoveInput): Promise<BotMoveAccepted> {
  const { rows } = await tx.query<{ game: GameId; moves: string; status: string; reason: string }>(
    'select game, moves, status, result_reason as reason from matches where id = $1',
    [input.matchId],
  );
  const row = rows[0]!;
  const rules = gameOf(row.game);
  const played = rules.decodeMoves(row.moves);
  const moves = rules.encodeMoves(played.slice(0, input.ply));
  // The move ended the match if it is the last one and the match did not end by a forfeit after.
  const ended =
    row.status === 'finished' && played.length === input.ply && !FORFEITS.includes(row.reason);
  return { matchId: input.matchId, ply: input.ply, move: input.move.trim(), moves, ended };
}

const FORFEITS: readonly string[] = ['timeout', 'illegal-move'];

async function isOwnFinishedMatch(tx: Queryable, input: BotMoveInput): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from matches where id = $1 and status in ('finished', 'cancelled')
       and $2 in (first_agent_id, second_agent_id)`,
    [input.matchId, input.botId],
  );
  return rows.length > 0;
}

/** What the runner finds at a bot's turn. */
export type LateCheck =
  | { status: 'waiting'; deadline: Date }
  | { status: 'moved' }
  | { status: 'ended' }
  | { status: 'not-ours' };

/**
 * At a bot's turn (ply `ply` to play): when its deadline has passed, the bot loses on time, in one
 * transaction under the row lock (so a move arriving at the same instant either lands first and
 * counts, or is refused). Otherwise says when the deadline is.
 */
export async function forfeitIfLate(
  db: Database,
  input: {
    matchId: string;
    owner: string;
    ply: number;
    now: Date;
    moveTimeoutMs: number;
    onMatchEnd?: MatchEndHook;
  },
): Promise<LateCheck> {
  return db.transaction(async (tx) => {
    const match = await lockPlayableMatch(tx, input.matchId);
    if (!match) return { status: 'ended' };
    if (match.owner !== input.owner) return { status: 'not-ours' };
    if (gameOf(match.game).decodeMoves(match.moves).length !== input.ply - 1) {
      return { status: 'moved' };
    }
    const deadline = new Date(match.turnStartedAt.getTime() + input.moveTimeoutMs);
    if (input.now < deadline) return { status: 'waiting', deadline };
    await forfeit(tx, match, 'timeout', input.now, input.onMatchEnd);
    return { status: 'ended' };
  });
}
