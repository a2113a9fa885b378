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
            <th scope="col" className="number">
              Rating
            </th>
            <th scope="col" className="number">
              W / L / D
            </th>
            {limit ? null : (
              <th scope="col" className="style-column">
                Style
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((agent, index) => (
            <tr key={agent.id} data-agent-id={agent.id}>
              <td>{index + 1}</td>
              <td>
                <Link to={`/agents/${agent.id}`}>{agent.name}</Link>
                {limit ? null : (
                  <>
                    <div className="tagline">{agent.tagline}</div>
                    {/* On a phone the Style column folds in here (CSS shows one of the two). */}
                    <div className="tagline style-inline">{styleText(agent)}</div>
                  </>
                )}
              </td>
              <td className="number">
                {Math.round(agent.rating.rating)}{' '}
                <small>±{Math.round(agent.rating.deviation)}</small>
              </td>
              <td className="number">
                {agent.record.wins} / {agent.record.losses} / {agent.record.draws}
              </td>
              {limit ? null : <td className="style-column">{styleText(agent)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function styleText(agent: AgentSummary): string {
  return `${agent.traits.style}, skill ${agent.traits.skill}`;
}
