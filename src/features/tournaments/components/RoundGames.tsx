import { Link } from 'react-router';
import type { TournamentDetail } from '#core/protocol/tournamentViews.ts';
import { DataTable } from '#src/lib/table/DataTable.tsx';
import { gameResultText } from './tournamentText.ts';

type Round = TournamentDetail['rounds'][number];
type Game = Round['pairings'][number];

/**
 * The games of one round: who moves first against whom, the result, and a link to each game's
 * match, to watch it and bet while it is announced, or to replay it once over.
 */
export function RoundGames({ round, names }: { round: Round; names: ReadonlyMap<string, string> }) {
  const nameOf = (id: string) => names.get(id) ?? id;
  return (
    <>
      <DataTable
        caption={`Round ${round.number}`}
        columns={[
          { header: 'First to move', rowHeader: true, cell: (game: Game) => nameOf(game.first) },
          { header: 'Second', cell: (game: Game) => nameOf(game.second) },
          { header: 'Result', cell: gameResultText },
          {
            header: 'Game',
            cell: (game: Game) =>
              game.matchId === null ? (
                '—'
              ) : (
                <Link to={`/games/sessions/${encodeURIComponent(game.matchId)}`}>
                  {game.result === null ? 'Watch and bet' : 'Replay'}
                </Link>
              ),
          },
        ]}
        rows={round.pairings}
        rowKey={(game) => `${game.first}\u0000${game.second}`}
        empty="No games this round."
        rowTestId="round-game-row"
      />
      {round.byes.length > 0 && <p>Bye: {round.byes.map(nameOf).join(', ')}.</p>}
    </>
  );
}
