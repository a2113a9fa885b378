import { Link } from 'react-router';
import type { AgentSummary } from '#core/protocol/agents.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';

interface RankedAgent {
  rank: number;
  agent: AgentSummary;
}

const RANK: DataTableColumn<RankedAgent> = { header: '#', cell: ({ rank }) => rank };
const RATING: DataTableColumn<RankedAgent> = {
  header: 'Rating',
  cell: ({ agent }) => (
    <>
      {Math.round(agent.rating.rating)} <small>±{Math.round(agent.rating.deviation)}</small>
    </>
  ),
  className: 'number',
  headerClassName: 'number',
};
const RECORD: DataTableColumn<RankedAgent> = {
  header: 'W / L / D',
  cell: ({ agent }) => `${agent.record.wins} / ${agent.record.losses} / ${agent.record.draws}`,
  className: 'number',
  headerClassName: 'number',
};

/** Home's top five: rank, name, rating and record. */
const TOP_COLUMNS: readonly DataTableColumn<RankedAgent>[] = [
  RANK,
  { header: 'Agent', cell: ({ agent }) => <AgentLink agent={agent} /> },
  RATING,
  RECORD,
];

/** The full leaderboard adds each agent's tagline and style. */
const FULL_COLUMNS: readonly DataTableColumn<RankedAgent>[] = [
  RANK,
  {
    header: 'Agent',
    cell: ({ agent }) => (
      <>
        <AgentLink agent={agent} />
        <div className="tagline">{agent.tagline}</div>
        {/* On a phone the Style column folds in here (CSS shows one of the two). */}
        <div className="tagline style-inline">{styleText(agent)}</div>
      </>
    ),
  },
  RATING,
  RECORD,
  {
    header: 'Style',
    cell: ({ agent }) => styleText(agent),
    className: 'style-column',
    headerClassName: 'style-column',
  },
];

/** Agents ranked by rating, with their record; `limit` shows only the top. */
export function LeaderboardTable({
  agents,
  limit,
  caption,
}: {
  agents: readonly AgentSummary[];
  limit?: number;
  /** Names the table to assistive technology (the heading above it says the same). */
  caption: string;
}) {
  const rows = (limit ? agents.slice(0, limit) : agents).map((agent, index) => ({
    rank: index + 1,
    agent,
  }));
  return (
    <DataTable
      caption={caption}
      columns={limit ? TOP_COLUMNS : FULL_COLUMNS}
      rows={rows}
      rowKey={({ agent }) => agent.id}
      rowData={({ agent }) => ({ 'data-agent-id': agent.id })}
      empty="No agents to rank yet."
      className="leaderboard"
    />
  );
}

function AgentLink({ agent }: { agent: AgentSummary }) {
  return <Link to={`/agents/${agent.id}`}>{agent.name}</Link>;
}

function styleText(agent: AgentSummary): string {
  return `${agent.traits.style}, skill ${agent.traits.skill}`;
}
