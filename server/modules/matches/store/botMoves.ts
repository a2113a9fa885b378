import type { MoveTrace } from '#core/games/definition.ts';
import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { BAD_BOT_TOKEN } from '#core/protocol/bots.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { BOT_MOVES_CHANNEL } from '#server/events/botEvents.ts';
import {
  LOCKED_MATCH_COLUMNS,
  type LockedMatch,
  type LockedMatchRow,
  matchOfRow,
} from './lockedMatch.ts';
import { forfeit, type MatchEndHook } from './matchEnd.ts';
import { matchPositions } from './matchPositions.ts';
import { applyMove, type MoveToApply } from './matchWriter.ts';

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
  | { status: 401; error: string }
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

/** A move as stored (a bot's, or an engine's to judge again): what judging it after needs (runner/lateMoveJudge.ts). */
export interface StoredMove {
  matchId: string;
  game: GameId;
  ply: number;
  /** The match's move list before it, in the game's encoding. */
  movesBefore: string;
  move: string;
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
  /**
   * Told of the move once its transaction has committed (not of a repeat or a refusal), before
   * the bot is answered: it must return at once (the verdict's queue only queues it).
   */
  onStored?: (move: StoredMove) => void;
}

/** A move a bot sent, as the bot API received it: with the hash of the token it came with. */
export interface BotMoveRequest extends BotMoveInput {
  tokenHash: string;
}

/**
 * Takes a bot's move. Refused, changing nothing: a token that no longer plays (401: rotated,
 * revoked, suspended or retired, checked in the statement that locks the match, so no cache can
 * let a dead token's move in), a match that does not exist, is over or is not the bot's (404 — to
 * a bot, another match is as good as none; 409 when it is the bot's and over), a ply that is not
 * the next one or a turn that is not the bot's (409). A repeat of a move already stored from this
 * bot at that ply is answered as the first time (idempotent). An illegal move on the bot's own
 * turn loses the match (422, `matchLost`). An accepted move costs two statements in its
 * transaction: the lock (which reads all the rest) and the write (`applyMove`).
 */
export async function recordBotMove(
  db: Database,
  input: BotMoveRequest,
): Promise<BotMoveAccepted | BotMoveRefusal> {
  let stored: StoredMove | null = null;
  const answer = await db.transaction(async (tx) => {
    stored = null;
    const row = await lockBotMove(tx, input);
    if (!row) return refuseUnknownMatch(tx, input);
    const check = checkBotMove(row, input);
    if (!('play' in check)) return check;
    const { match, move } = check;
    if (check.play === 'illegal') return loseOnIllegalMove(tx, check, input);
    const recorded = await applyMove(tx, match, botMoveToApply(input, move));
    stored = storedBotMove(match, input.ply, move);
    return { ...acceptedMove(input, move, recorded.move.moves), ended: recorded.result !== null };
  });
  if (stored) input.onStored?.(stored);
  return answer;
}

/** What a checked, legal move of a bot at `ply` of `match` (its row before it) stored. */
export function storedBotMove(match: LockedMatch, ply: number, move: string): StoredMove {
  return { matchId: match.id, game: match.game, ply, movesBefore: match.moves, move };
}

/** An illegal move on the bot's own turn: the match is lost, and the runner owning it told. */
export async function loseOnIllegalMove(
  tx: Queryable,
  { match, move }: BotMoveToPlay,
  input: BotMoveInput,
): Promise<BotMoveRefusal> {
  const result = await forfeit(tx, match, 'illegal-move', input.now, input.onMatchEnd);
  await tx.query('select pg_notify($1, $2)', [BOT_MOVES_CHANNEL, match.id]);
  return {
    status: 422,
    error: `${JSON.stringify(move)} is not a legal move at ply ${input.ply}: the match is lost (${result.result} wins).`,
    matchLost: true,
  };
}

/** No match has the move's id: 404 to a bot whose token plays, else 401. */
export async function refuseUnknownMatch(
  tx: Queryable,
  input: BotMoveRequest,
): Promise<BotMoveRefusal> {
  const { rows } = await tx.query<{ token_live: boolean }>(
    `select ${tokenLives('$1', '$2')} as token_live`,
    [input.botId, input.tokenHash],
  );
  return rows[0]?.token_live
    ? { status: 404, error: NO_SUCH_MATCH }
    : { status: 401, error: BAD_BOT_TOKEN };
}

/** A bot's move that passed every check: to play (`legal`), or losing the match (`illegal`). */
interface BotMoveToPlay {
  play: 'legal' | 'illegal';
  match: LockedMatch;
  /** The move as the game writes it. */
  move: string;
}

/**
 * The checks of a bot's move on its locked match row, in order: the answer when it is refused or
 * a repeat, else the move to play. Pure.
 */
export function checkBotMove(
  row: BotMoveRow,
  input: BotMoveInput,
): BotMoveAccepted | BotMoveRefusal | BotMoveToPlay {
  if (!row.token_live) return { status: 401, error: BAD_BOT_TOKEN };
  const seated = row.first_agent_id === input.botId || row.second_agent_id === input.botId;
  if (row.stored_agent_id === input.botId && row.stored_move === input.move.trim()) {
    return acceptedRepeat(row, input);
  }
  const match = matchOfRow(input.matchId, row);
  if (!match || !seated) {
    return seated
      ? { status: 409, error: 'This match is over.' }
      : { status: 404, error: NO_SUCH_MATCH };
  }
  const side = match.firstAgentId === input.botId ? 0 : 1;
  // The position after the row's moves: from memory when this process saw them last.
  const position = matchPositions.after(match.id, match.game, match.moves);
  const plies = position.played.length;
  if (input.ply !== plies + 1) {
    return {
      status: 409,
      error: `Ply ${input.ply} is not the next one: ${plies} moves are played, so the next is ply ${plies + 1}.`,
    };
  }
  if (match.startsAt && match.startsAt > input.now) {
    return { status: 409, error: `This match starts at ${match.startsAt.toISOString()}.` };
  }
  const rules = gameOf(match.game);
  if (rules.sideToMove(position.state) !== side) {
    return { status: 409, error: `It is not this bot's turn at ply ${input.ply}.` };
  }
  if (input.now.getTime() > match.turnStartedAt.getTime() + input.moveTimeoutMs) {
    // Too late: the runner forfeits it at its next look; say so now, changing nothing.
    return { status: 409, error: 'The deadline for this move has passed.' };
  }
  const move = input.move.trim();
  // Exactly as the game writes its moves (the `legalMoves` of the bot's events).
  const legal = rules.legalMoves(position.state).includes(move);
  return { play: legal ? 'legal' : 'illegal', match, move };
}

/** What `applyMove` stores for a bot's checked, legal move. */
export function botMoveToApply(input: BotMoveInput, move: string): MoveToApply {
  return {
    matchId: input.matchId,
    ply: input.ply,
    move,
    agentId: input.botId,
    trace: botTrace(move),
    now: input.now,
    botMoveTimeoutMs: input.moveTimeoutMs,
    wakeRunner: true,
    ...(input.onMatchEnd ? { onMatchEnd: input.onMatchEnd } : {}),
  };
}

/** The answer to a stored move that did not end the match. */
export function acceptedMove(input: BotMoveInput, move: string, moves: string): BotMoveAccepted {
  return { matchId: input.matchId, ply: input.ply, move, moves, ended: false };
}

const NO_SUCH_MATCH = 'No live match of this bot has this id.';

/**
 * Whether a bot's token still plays (not rotated, revoked, suspended or retired), the bot's id
 * and the token's hash being the parameters named.
 */
export const tokenLives = (botParam: string, hashParam: string) => `exists (
  select 1 from bots b join agents a on a.id = b.agent_id
  where b.agent_id = ${botParam} and b.token_hash = ${hashParam} and b.suspended_at is null
    and a.retired_at is null)`;

/** The match row a bot's move needs, with what the move's checks read beside it. */
export interface BotMoveRow extends LockedMatchRow {
  result_reason: string | null;
  /** The bot's token still plays: not rotated, revoked, suspended or retired. */
  token_live: boolean;
  /** What is stored at the move's ply already, if anything (a repeat is answered again). */
  stored_move: string | null;
  stored_agent_id: string | null;
}

/**
 * Locks the match and reads, in the same statement, everything the move's checks need: its
 * row and seated bots, whether the bot's token still plays, and the move stored at that ply.
 * Null when no match has that id. A finished match is locked too, which costs nothing: nothing
 * else writes it.
 */
async function lockBotMove(tx: Queryable, input: BotMoveRequest): Promise<BotMoveRow | null> {
  const { rows } = await tx.query<BotMoveRow>(
    `select ${LOCKED_MATCH_COLUMNS}, m.result_reason,
       ${tokenLives('$2', '$3')} as token_live,
       stored.move as stored_move, stored.agent_id as stored_agent_id
     from matches m
       left join match_moves stored on stored.match_id = m.id and stored.ply = $4
     where m.id = $1
     for update of m`,
    [input.matchId, input.botId, input.tokenHash, input.ply],
  );
  return rows[0] ?? null;
}

/** The answer to a repeated move, as it was the first time. */
function acceptedRepeat(row: BotMoveRow, input: BotMoveInput): BotMoveAccepted {
  const rules = gameOf(row.game);
  const played = rules.decodeMoves(row.moves);
  const moves = rules.encodeMoves(played.slice(0, input.ply));
  // The move ended the match if it is the last one and the match did not end by a forfeit after.
  const ended =
    row.status === 'finished' &&
    played.length === input.ply &&
    !FORFEITS.includes(row.result_reason ?? '');
  return { matchId: input.matchId, ply: input.ply, move: input.move.trim(), moves, ended };
}

const FORFEITS: readonly string[] = ['timeout', 'illegal-move'];
