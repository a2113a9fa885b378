import { Link } from 'react-router';
import { formatThousands } from '#core/format/balance.ts';
import type { TournamentSummary } from '#core/protocol/tournamentViews.ts';
import { tournamentTitle } from '#core/tournaments/tournamentTitle.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';
import { useNow } from '#src/lib/time/useNow.ts';
import { formatText, startText, tournamentStartsInText } from './tournamentText.ts';

/** One section of the list (upcoming, live or finished) as a table; each row links to its page. */
export function TournamentTable(props: {
  caption: string;
  tournaments: readonly TournamentSummary[];
  empty: string;
  /** Upcoming ones show a countdown to their start. */
  countdown?: boolean;
}) {
  const now = useNow(Boolean(props.countdown) && props.tournaments.length > 0);
  const columns: DataTableColumn<TournamentSummary>[] = [
    {
      header: 'Tournament',
      rowHeader: true,
      cell: (tournament) => (
        <Link to={`/games/tournaments/${tournament.id}`}>{tournamentTitle(tournament)}</Link>
      ),
    },
    {
      header: 'Starts',
      cell: (tournament) => (
        <>
          {startText(tournament.startsAt)}
          {props.countdown ? (
            <span className="tournament-countdown">
              {' '}
              ({tournamentStartsInText(Date.parse(tournament.startsAt), now)})
            </span>
          ) : null}
          {tournament.status === 'cancelled' ? ' (cancelled)' : null}
        </>
      ),
    },
    { header: 'Format', cell: formatText },
    {
      header: 'Entrants',
      className: 'number',
      cell: (tournament) => `${tournament.entrants} / ${tournament.entrantLimit}`,
    },
    {
      header: 'Entry fee',
      className: 'number',
      cell: (tournament) => formatThousands(tournament.entryFee),
    },
    { header: 'Pool', className: 'number', cell: (tournament) => formatThousands(tournament.pool) },
  ];
  return (
    <DataTable
      caption={props.caption}
      columns={columns}
      rows={props.tournaments}
      rowKey={(tournament) => tournament.id}
      empty={props.empty}
      rowTestId="tournament-row"
    />
  );
}
