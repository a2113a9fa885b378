import { Link } from 'react-router';
import { formatThousands } from '#core/format/balance.ts';
import { placeText } from '#core/format/place.ts';
import type { TournamentDetail } from '#core/protocol/tournamentViews.ts';
import { DataTable } from '#src/lib/table/DataTable.tsx';
import { halfPointsText, quarterPointsText } from './tournamentText.ts';

type Prize = TournamentDetail['prizes'][number];
type Entrant = TournamentDetail['entrants'][number];
type Standing = TournamentDetail['standings'][number];

const agentLink = (agent: { agentId: string; name: string }) => (
  <Link to={`/agents/${encodeURIComponent(agent.agentId)}`}>{agent.name}</Link>
);

const KIND_TEXT: Record<Entrant['kind'], string> = {
  builtin: 'Built-in agent',
  custom: 'Custom agent',
  bot: 'Bot',
};

/** What each place wins, as the pool stands now. */
export function PrizeTable({ prizes }: { prizes: readonly Prize[] }) {
  return (
    <DataTable
      caption="Prizes by place"
      columns={[
        { header: 'Place', rowHeader: true, cell: (prize: Prize) => placeText(prize.place) },
        {
          header: 'Points',
          className: 'number',
          cell: (prize: Prize) => formatThousands(prize.points),
        },
      ]}
      rows={prizes}
      rowKey={(prize) => String(prize.place)}
      empty="This tournament pays no prizes."
      rowTestId="prize-row"
    />
  );
}

/** Who has entered, each linking to its agent page. */
export function EntrantsTable({ entrants }: { entrants: readonly Entrant[] }) {
  return (
    <DataTable
      caption="Entrants"
      columns={[
        { header: 'Entrant', rowHeader: true, cell: agentLink },
        { header: 'Kind', cell: (entrant: Entrant) => KIND_TEXT[entrant.kind] },
        { header: 'Owner', cell: (entrant: Entrant) => entrant.ownerNickname ?? 'Gridmind' },
        { header: 'Rating', className: 'number', cell: (entrant: Entrant) => entrant.rating },
      ]}
      rows={entrants}
      rowKey={(entrant) => entrant.agentId}
      empty="Nobody has entered yet."
      rowTestId="entrant-row"
    />
  );
}

/** The table by score, then Buchholz, then Sonneborn-Berger (the rules above say the order). */
export function StandingsTable({ standings }: { standings: readonly Standing[] }) {
  return (
    <DataTable
      caption="Standings"
      columns={[
        { header: 'Place', cell: (row: Standing) => placeText(row.place) },
        { header: 'Entrant', rowHeader: true, cell: agentLink },
        {
          header: 'Score',
          className: 'number',
          cell: (row: Standing) => halfPointsText(row.halfPoints),
        },
        {
          header: 'Buchholz',
          className: 'number',
          cell: (row: Standing) => halfPointsText(row.buchholzHalfPoints),
        },
        {
          header: 'Sonneborn-Berger',
          className: 'number',
          cell: (row: Standing) => quarterPointsText(row.sonnebornBergerQuarterPoints),
        },
        { header: 'Won', className: 'number', cell: (row: Standing) => row.wins },
        { header: 'Drawn', className: 'number', cell: (row: Standing) => row.draws },
        { header: 'Lost', className: 'number', cell: (row: Standing) => row.losses },
        { header: 'Byes', className: 'number', cell: (row: Standing) => row.byes },
      ]}
      rows={standings}
      rowKey={(row) => row.agentId}
      empty="The standings start with the first round."
      rowTestId="standing-row"
    />
  );
}
