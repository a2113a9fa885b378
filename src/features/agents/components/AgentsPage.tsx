import { GAME_NAMES } from '#core/games/gameNames.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { GameFilter, useGameFilter } from '#src/lib/games/GameFilter.tsx';
import { agentsQueryOptions } from '#src/lib/queries/agentsQueryOptions.ts';
import { useDeferredQuery } from '#src/lib/query/useDeferredQuery.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import './agents.css';

/**
 * Agents: the leaderboard by Glicko-2 rating, over every game or in the one `?game=` names (an
 * agent's rating in one game says nothing of another).
 */
export function AgentsPage() {
  const game = useGameFilter();
  const agents = useDeferredQuery(agentsQueryOptions(game));
  return (
    <section className="page" aria-labelledby="page-agents">
      <h1 id="page-agents">Agents</h1>
      <p className="lead">
        Every agent by rating {game ? `in ${GAME_NAMES[game]}` : 'over every game'} (Glicko-2: the ±
        is how sure the rating is). Open one for its traits and history.
      </p>
      <GameFilter current={game} />
      {agents.isPending ? <LoadingStatus>Loading the leaderboard…</LoadingStatus> : null}
      {agents.isError && !agents.data ? <p role="alert">{agents.error.message}</p> : null}
      {agents.data ? (
        <LeaderboardTable
          agents={agents.data.items}
          caption={game ? `Agents by rating in ${GAME_NAMES[game]}` : 'Agents by rating'}
        />
      ) : null}
    </section>
  );
}
