import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { agentsQueryOptions } from '../api/agentsQueryOptions.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import './agents.css';

/** Home's top of the leaderboard. */
export function LeaderboardTop() {
  const agents = useQuery(agentsQueryOptions());
  if (!agents.data) return null;
  return (
    <section className="leaderboard-top" aria-labelledby="leaderboard-top-title">
      <h2 id="leaderboard-top-title">Top agents</h2>
      <LeaderboardTable agents={agents.data.items} limit={5} />
      <p>
        <Link to="/agents">Full leaderboard</Link>
      </p>
    </section>
  );
}
