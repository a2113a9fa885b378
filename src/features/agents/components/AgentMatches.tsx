import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { agentMatchesQueryOptions } from '#src/features/agents/api/agentMatchesQueryOptions.ts';

/** Why a match ended, where it is not the game's own ending. */
const FORFEIT_WORDS: Readonly<Record<string, string>> = {
  timeout: 'on time',
  'illegal-move': 'by an illegal move',
};

/** "Won against Sage", "Lost against Pip on time", "Draw with Juno", "Live against Ada". */
export function matchLine(match: MatchSummary, agentId: string): string {
  const seat = match.players[0].agentId === agentId ? 0 : 1;
  const opponent = match.players[1 - seat]?.name ?? 'an unknown agent';
  if (match.status === 'live') return `Live against ${opponent}`;
  if (match.status === 'scheduled') return `Announced against ${opponent}`;
  if (match.status === 'cancelled' || !match.result) return `Cancelled, against ${opponent}`;
  if (match.result === 'draw') return `Draw with ${opponent}`;
  const won = (match.result === 'first') === (seat === 0);
  const how = match.reason ? FORFEIT_WORDS[match.reason] : undefined;
  return `${won ? 'Won' : 'Lost'} against ${opponent}${how ? ` ${how}` : ''}`;
}

/** An agent's newest matches, each linking to its watch or replay page. */
export function AgentMatches({ agentId }: { agentId: string }) {
  const matches = useQuery(agentMatchesQueryOptions(agentId));
  return (
    <section aria-labelledby="agent-matches">
      <h2 id="agent-matches">Recent matches</h2>
      {matches.isPending ? (
        <LoadingStatus>Loading matches…</LoadingStatus>
      ) : matches.isError ? (
        <p role="alert">Matches could not be loaded: {matches.error.message}</p>
      ) : matches.data.items.length === 0 ? (
        <p>No match yet.</p>
      ) : (
        <ul className="agent-matches" data-testid="agent-matches">
          {matches.data.items.map((match) => (
            <li key={match.id}>
              <Link to={`/games/sessions/${match.id}`}>{matchLine(match, agentId)}</Link>
              <span className="agent-match-meta">
                {' · '}
                {GAME_NAMES[match.game]} · {match.plies} moves ·{' '}
                <time dateTime={match.startedAt}>{new Date(match.startedAt).toLocaleString()}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
