import type { GameId } from '#core/games/gameIds.ts';
import { type MatchSummary, matchListResponseSchema } from '#core/protocol/matches.ts';

/**
 * The id of a match in `status` on the test server, polling until one exists (the runner
 * announces, plays and finishes matches at the pace the test's environment set). `maxMoves`
 * asks for one that has just begun, for a test that needs it to stay live for a while;
 * `minMoves` one that lasted at least that many; `bettingOpenForMs` asks for an announced one whose first move is at least that far off, for a
 * test that bets (one about to start closes its betting under the test), and `withoutAgentNamed`
 * one that agent does not play (a user may not bet on their own agent's match, and the runner
 * may seat a new agent at once). Connect Four unless `game` names another: most tests read its
 * board. A bot's match is never taken: it moves at its program's pace, which a test may be holding
 * (heldBotMatch.ts).
 */
export async function matchWithStatus(
  origin: string,
  status: MatchSummary['status'],
  timeoutMs = 120_000,
  {
    maxMoves = Number.POSITIVE_INFINITY,
    minMoves = 0,
    game = 'connect4' as GameId,
    bettingOpenForMs = 0,
    withoutAgentNamed = '',
  } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${origin}/api/matches?status=${status}&game=${game}`);
    const { items } = matchListResponseSchema.parse(await response.json());
    const match = items.find(
      (candidate) =>
        candidate.plies <= maxMoves &&
        candidate.plies >= minMoves &&
        !candidate.players.some(
          (player) => player.name === withoutAgentNamed || player.agentId.startsWith('bot-'),
        ) &&
        (bettingOpenForMs === 0 ||
          (candidate.startsAt !== undefined &&
            Date.parse(candidate.startsAt) - Date.now() > bettingOpenForMs)),
    );
    if (match) return match.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${status} match within ${timeoutMs} ms`);
}
