import { z } from 'zod';

/** What a bot's stored move tells the runner that owns its match (`BOT_MOVES_CHANNEL`). */
export interface BotMoveNotice {
  matchId: string;
  /** The match as the move left it; absent when the notice says only "look again" (a forfeit). */
  played?: PlayedMove;
}

/** The match row's fields a bot's move changed, as its transaction committed them. */
export interface PlayedMove {
  moves: string;
  turnStartedAt: string;
  over: boolean;
}

const playedNoticeSchema = z.object({
  matchId: z.string().min(1).max(64),
  moves: z.string().max(4_000),
  turnStartedAt: z.iso.datetime(),
  over: z.boolean(),
});

/** The payload of a stored move's notice: the match and what the move left. */
export function botMoveNoticePayload(matchId: string, played: PlayedMove): string {
  return JSON.stringify({ matchId, ...played });
}

/**
 * Reads a notice's payload: the JSON a stored move sends, or a bare match id (a forfeit, which the
 * runner learns about by reading the row). Null for anything else.
 */
export function parseBotMoveNotice(payload: string): BotMoveNotice | null {
  if (!payload.startsWith('{')) return payload.length > 0 ? { matchId: payload } : null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = playedNoticeSchema.safeParse(json);
  if (!parsed.success) return null;
  const { matchId, ...played } = parsed.data;
  return { matchId, played };
}
