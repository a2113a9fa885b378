import { Link } from 'react-router';
import type { TournamentDetail } from '#core/protocol/tournamentViews.ts';
import { bracketColumns, stageName } from './bracketTies.ts';

/**
 * A knockout's bracket: a column a stage (its replays in it), each tie with its two entrants (the one who went
 * through in bold, with "through" for screen readers and without colour) and a link to each of
 * its games. A list of lists, so it reads in order without sight; it scrolls sideways on a phone.
 */
export function KnockoutBracket({
  rounds,
  names,
}: {
  rounds: TournamentDetail['rounds'];
  names: ReadonlyMap<string, string>;
}) {
  const nameOf = (id: string) => names.get(id) ?? id;
  return (
    <div className="bracket" data-testid="bracket">
      <ol className="bracket-rounds">
        {bracketColumns(rounds).map((column) => (
          <li key={column.round} className="bracket-round">
            <h3>{stageName(column)}</h3>
            <ol className="bracket-ties">
              {column.ties.map((tie) => (
                <li
                  key={tie.entrants.join('\u0000')}
                  className="bracket-tie"
                  data-testid="bracket-tie"
                >
                  {tie.entrants.map((id) => (
                    <div key={id} className={id === tie.winner ? 'bracket-winner' : undefined}>
                      {nameOf(id)}
                      {id === tie.winner ? (
                        <span className="visually-hidden"> (through)</span>
                      ) : null}
                    </div>
                  ))}
                  <div className="bracket-games">
                    {tie.games.map((game, index) =>
                      game.matchId === null ? null : (
                        <Link
                          key={game.matchId}
                          to={`/games/sessions/${encodeURIComponent(game.matchId)}`}
                          aria-label={`Game ${index + 1}: ${nameOf(game.first)} against ${nameOf(game.second)}`}
                        >
                          {game.result === null ? 'Watch' : `Game ${index + 1}`}
                        </Link>
                      ),
                    )}
                  </div>
                </li>
              ))}
              {column.byes.map((id) => (
                <li key={`bye-${id}`} className="bracket-tie">
                  <div className="bracket-winner">{nameOf(id)}</div>
                  <div className="bracket-games">bye</div>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
