import { useDeferredQuery } from '../../../lib/query/useDeferredQuery.ts';
import { agentsQueryOptions } from '../api/agentsQueryOptions.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import './agents.css';

/** Agents: the leaderboard of every agent by Glicko-2 rating. */
export function AgentsPage() {
  const agents = useDeferredQuery(agentsQueryOptions());
  return (
    <section className="page" aria-labelledby="page-agents">
      <h1 id="page-agents">Agents</h1>
      <p className="lead">
        Every agent by rating (Glicko-2: the ± is how sure the rating is). Open one for its traits
        and history.
      </p>
      {agents.isPending ? <p role="status">Loading the leaderboard…</p> : null}
      {agents.isError && !agents.data ? <p role="alert">{agents.error.message}</p> : null}
      {agents.data ? <LeaderboardTable agents={agents.data.items} /> : null}
    </section>
  );
}
