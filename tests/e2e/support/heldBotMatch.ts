import { expect } from 'vitest';
import { BOT_EVENT, botMoveEventSchema, botStartEventSchema } from '#core/protocol/bots.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { signInOverHttp } from '#server/testing/nginxClients.ts';
import { openSse, type SseConnection } from '#server/testing/sseReader.ts';

/** A live match whose moves wait on the test, and the way to let it go. */
export interface HeldBotMatch {
  matchId: string;
  /** Plays the bot's next turn (its first legal move) once it comes; resolves with that ply. */
  playTurn(): Promise<number>;
  /** Hangs up the bot's stream: the match then ends on the bot's move deadline. */
  release(): void;
}

/**
 * A Connect Four match that stays live until the test plays the bot's turns or the server's
 * deadline for a bot's move passes (BOT_MOVE_TIMEOUT_MS): registers a bot for a new user, opens
 * its event stream (an online bot is seated at the runner's next sweep) and answers only when told.
 * A runner's match at test pace can end within a second of being picked, which a test that walks a
 * live page, or waits for its next move, must not race.
 */
export async function heldBotMatch(origin: string): Promise<HeldBotMatch> {
  const cookie = await signInOverHttp(origin, origin);
  const registered = await fetch(`${origin}/api/bots`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Held Bot ${Date.now() % 100_000}`, games: ['connect4'] }),
  });
  if (registered.status !== 201) throw new Error(`bot not registered: ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };

  const stream = await openSse(`${origin}/api/bot/events`, { authorization: `Bearer ${token}` });
  try {
    const start = await seated(stream);
    const { matchId } = start;
    const play = (ply: number, move: string) => playOnceOpen(origin, token, matchId, ply, move);
    // A match turns live with its first move. Seated first, the bot plays that one (once its
    // betting window has closed); seated second, the engine plays it.
    const firstMove = start.legalMoves[0];
    if (firstMove) await play(1, firstMove);
    await expect
      .poll(
        async () => {
          const response = await fetch(`${origin}/api/matches/${matchId}`);
          return matchDetailSchema.parse(await response.json()).status;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('live');
    return {
      matchId,
      playTurn: async () => {
        const turn = await nextTurn(stream, matchId);
        await play(turn.ply + 1, turn.legalMoves[0] ?? '');
        return turn.ply + 1;
      },
      release: () => stream.close(),
    };
  } catch (error) {
    stream.close();
    throw error;
  }
}

/** The bot's first match, from its stream (heartbeats come between). */
async function seated(stream: SseConnection) {
  for (;;) {
    const event = await stream.next();
    if (event.event === BOT_EVENT.start) return botStartEventSchema.parse(JSON.parse(event.data));
  }
}

/** The next move event of `matchId` that leaves the bot to move; throws if the match ends first. */
async function nextTurn(stream: SseConnection, matchId: string) {
  for (;;) {
    const event = await stream.next();
    if (event.event === BOT_EVENT.end) throw new Error(`match ${matchId} ended: ${event.data}`);
    if (event.event !== BOT_EVENT.move) continue;
    const move = botMoveEventSchema.parse(JSON.parse(event.data));
    if (move.matchId === matchId && move.toMove === move.side) return move;
  }
}

/**
 * Plays `move` at `ply`, asking again until the server takes it: it refuses a move before the
 * match's start.
 */
async function playOnceOpen(
  origin: string,
  token: string,
  matchId: string,
  ply: number,
  move: string,
) {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${origin}/api/bot/matches/${matchId}/moves`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ply, move }),
        });
        return response.ok ? 'played' : await response.text();
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('played');
}
