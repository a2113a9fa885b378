import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { agentsQueryOptions } from '#src/lib/queries/agentsQueryOptions.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import './agents.css';

/** Home's top of the leaderboard. */
export function LeaderboardTop() {
  const agents = useQuery(agentsQueryOptions());
  if (agents.isError) return null;
  // While loading, the section keeps the table's height so the page below it does not jump.
  return (
    <section
      className="leaderboard-top"
      aria-labelledby="leaderboard-top-title"
      aria-busy={agents.isPending}
    >
      <h2 id="leaderboard-top-title">Top agents</h2>
      {agents.data ? (
        <LeaderboardTable agents={agents.data.items} limit={5} caption="Top agents" />
      ) : (
        <div className="leaderboard-pending" />
      )}
      <p>
        <Link to="/agents">Full leaderboard</Link>
      </p>
    </section>
  );
}
