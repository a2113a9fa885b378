import { formatThousands } from '#core/format/balance.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { TournamentSummary } from '#core/protocol/tournamentViews.ts';
import { useNow } from '#src/lib/time/useNow.ts';
import { formatText, startText, tournamentStartsInText } from './tournamentText.ts';

const STATUS_TEXT: Record<TournamentSummary['status'], string> = {
  scheduled: 'Open for entries',
  live: 'Being played',
  finished: 'Finished',
  cancelled: 'Cancelled (entry fees refunded)',
};

/** The facts of a tournament: game, format, start (with a countdown before it), fees and pool. */
export function TournamentFacts({ tournament }: { tournament: TournamentSummary }) {
  const upcoming = tournament.status === 'scheduled';
  const now = useNow(upcoming);
  return (
    <dl className="details">
      <dt>Game</dt>
      <dd>{GAME_NAMES[tournament.game]}</dd>
      <dt>Format</dt>
      <dd>{formatText(tournament)}</dd>
      <dt>Status</dt>
      <dd data-testid="tournament-status">{STATUS_TEXT[tournament.status]}</dd>
      <dt>Starts</dt>
      <dd>
        {startText(tournament.startsAt)}
        {upcoming ? (
          <span data-testid="tournament-countdown">
            {' '}
            ({tournamentStartsInText(Date.parse(tournament.startsAt), now)})
          </span>
        ) : null}
      </dd>
      <dt>Entry fee</dt>
      <dd>{formatThousands(tournament.entryFee)} points</dd>
      <dt>House prize</dt>
      <dd>{formatThousands(tournament.housePrize)} points</dd>
      <dt>Prize pool</dt>
      <dd data-testid="tournament-pool">{formatThousands(tournament.pool)} points</dd>
      <dt>Entrants</dt>
      <dd data-testid="tournament-entrants">
        {tournament.entrants} of at most {tournament.entrantLimit}
      </dd>
      <dt>Think time</dt>
      <dd>{tournament.thinkTimeMs / 1000} s a move</dd>
    </dl>
  );
}
