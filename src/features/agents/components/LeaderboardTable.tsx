import { Link } from 'react-router';
import type { AgentSummary } from '../../../../core/protocol/agents.ts';

/** Agents ranked by rating, with their record; `limit` shows only the top. */
export function LeaderboardTable({
  agents,
  limit,
}: {
  agents: readonly AgentSummary[];
  limit?: number;
}) {
  const rows = limit ? agents.slice(0, limit) : agents;
  return (
    <div className="table-scroll">
      <table className="leaderboard">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Agent</th>
            <th scope="col">Rating</th>
            <th scope="col">W / L / D</th>
            {limit ? null : <th scope="col">Style</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((agent, index) => (
            <tr key={agent.id} data-agent-id={agent.id}>
              <td>{index + 1}</td>
              <td>
                <Link to={`/agents/${agent.id}`}>{agent.name}</Link>
                {limit ? null : <div className="tagline">{agent.tagline}</div>}
              </td>
              <td>
                {Math.round(agent.rating.rating)}{' '}
                <small>±{Math.round(agent.rating.deviation)}</small>
              </td>
              <td>
                {agent.record.wins} / {agent.record.losses} / {agent.record.draws}
              </td>
              {limit ? null : (
                <td>
                  {agent.traits.style}, skill {agent.traits.skill}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
