import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { moveEventSchema } from '#core/protocol/matchMoves.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { MovesPerfectPlay } from '#src/features/matches/analysis/MovesPerfectPlay.tsx';
import { PerfectPlay } from '#src/features/matches/analysis/PerfectPlay.tsx';
import { matchQueryOptions } from '#src/features/matches/api/matchQueryOptions.ts';
import { GameBoard } from '#src/features/matches/boards/GameBoard.tsx';
import { moveText } from '#src/features/matches/boards/moveText.ts';
import { useLateVerdicts } from '#src/features/matches/hooks/useLateVerdicts.ts';
import { latestMoves, useMatchStream } from '#src/features/matches/hooks/useMatchStream.ts';
import { useReplay } from '#src/features/matches/hooks/useReplay.ts';
import { namedAgentsQueryOptions } from '#src/lib/queries/agentsQueryOptions.ts';
import { useDeferredQuery } from '#src/lib/query/useDeferredQuery.ts';
import { startsInText } from '#src/lib/time/startsInText.ts';
import { useNow } from '#src/lib/time/useNow.ts';
import { AdvantageChart } from './AdvantageChart.tsx';
import { chancesPhrase, evaluationOf } from './chancesText.ts';
import { withLateVerdicts } from './lateVerdicts.ts';
import { MatchStory } from './MatchStory.tsx';
import { MoveList } from './MoveList.tsx';
import { PlayerCard } from './PlayerCard.tsx';
import { ReplayControls } from './ReplayControls.tsx';
import { resultText } from './resultText.ts';
import { ShareLink } from './ShareLink.tsx';
import { moverFirst, verdictSentence } from './verdictText.ts';

/** What a visitor arriving by a shared link sees first: what this page is. */
const watchLead = (game: string) =>
  `Two AI agents play ${game}, move by move. Beside each move: the mover's winning chances and the reason its agent gave.`;

/** The move a link to this page names (`?move=27`), if it names one. */
function linkedMove(params: URLSearchParams): number | undefined {
  const move = Number(params.get('move') ?? Number.NaN);
  return Number.isInteger(move) && move >= 0 ? move : undefined;
}

/**
 * The watch page of one match: live as it is played, or as a replay once it is over. The app
 * passes in the betting panel (`betting`), so this feature never imports the betting one.
 */
export function WatchPage({
  betting,
}: {
  betting: (matchId: string, names: readonly [string, string]) => ReactNode;
}) {
  const { sessionId = '' } = useParams();
  const detail = useDeferredQuery(matchQueryOptions(sessionId));
  const match = detail.data;
  const roster = useDeferredQuery(
    namedAgentsQueryOptions(match?.players.map((player) => player.agentId) ?? []),
  );
  const loadedTurns = match?.turns ?? [];
  const playing = match?.status === 'live' || match?.status === 'scheduled';
  const late = useLateVerdicts(match?.id);
  const stream = useMatchStream(
    match?.id,
    playing,
    loadedTurns.length,
    moveEventSchema,
    late.listen,
  );
  // The stream starts where the loaded detail ended; a later refetch may already hold some moves.
  // A bot's move is judged after it is sent: its verdict comes on its own and joins the move.
  const turns = withLateVerdicts(
    [...loadedTurns, ...stream.moves.filter((move) => move.ply > loadedTurns.length)],
    late.verdicts,
  );
  const { moves, plies } = match ? latestMoves(match, stream) : { moves: '', plies: 0 };
  const over = match && (!playing || stream.result !== null);
  const [searchParams] = useSearchParams();
  const replay = useReplay(plies, linkedMove(searchParams));
  // An announced match counts down to its first move, a tick a second while it waits.
  const waiting = match?.status === 'scheduled' && plies === 0 && !over;
  const startsAtMs =
    waiting && match.startsAt !== undefined ? Date.parse(match.startsAt) : undefined;
  const now = useNow(startsAtMs !== undefined);

  // The traits above the board come from the players' agents, asked once the match names them:
  // waiting the few milliseconds they lag the match keeps the board from jumping down when they arrive. Offline (paused) or failed,
  // the page shows without them.
  const rosterComing = roster.isPending && roster.fetchStatus === 'fetching';
  if (detail.isPending || rosterComing) {
    // The page's frame, so the first paint (prerendered) already reads as this page.
    return (
      <section className="page" aria-labelledby="watch-title" aria-busy="true">
        <h1 id="watch-title">Match</h1>
        <p className="lead">{watchLead('a classic strategy game')}</p>
        <LoadingStatus>Loading the match…</LoadingStatus>
      </section>
    );
  }
  if (!match) {
    return (
      <section className="page">
        <h1>Match not found</h1>
        <p role="alert">{detail.error?.message ?? 'This match does not exist.'}</p>
      </section>
    );
  }

  const [first, second] = match.players;
  const names = [first.name, second.name] as const;
  const result = stream.result?.result ?? match.result;
  const shown = over ? replay.shown : plies;
  const gameName = GAME_NAMES[match.game];
  const lastShown = turns[shown - 1];
  const agentOf = (id: string) => roster.data?.items.find((agent) => agent.id === id);
  const spectators = stream.spectators ?? match.spectators;
  const bettingPanel = betting(match.id, names);
  const showMove = (ply: number) => {
    replay.pause();
    replay.seek(ply);
  };

  return (
    <section className="page" aria-labelledby="watch-title">
      <h1 id="watch-title">
        {first.name} vs {second.name}
      </h1>
      <p className="lead">{watchLead(gameName)}</p>
      <div className="status-line">
        {over ? (
          <span className="badge" data-testid="result">
            {resultText(result, first.name, second.name)}
          </span>
        ) : waiting ? (
          <span className="badge" data-testid="announced">
            Announced
            {startsAtMs === undefined ? '' : ` · first move ${startsInText(startsAtMs, now)}`}
          </span>
        ) : (
          <span className="badge live">Live</span>
        )}
        <span data-testid="move-count">Move {shown}</span>
        <span data-testid="spectators">
          {spectators} {spectators === 1 ? 'spectator' : 'spectators'}
        </span>
      </div>
      <div className="watch">
        <div>
          {/* While bets are open they are what there is to do: above the board, so a phone
              reaches the panel without scrolling past it; once play starts it goes below. */}
          {waiting ? bettingPanel : null}
          <div className="players">
            <PlayerCard
              game={match.game}
              player={first}
              side={1}
              agent={agentOf(first.agentId)}
              toMove={!over && plies % 2 === 0}
            />
            <PlayerCard
              game={match.game}
              player={second}
              side={2}
              agent={agentOf(second.agentId)}
              toMove={!over && plies % 2 === 1}
            />
          </div>
          <GameBoard
            game={match.game}
            moves={moves}
            count={shown}
            resultCells={over ? (stream.result?.resultCells ?? match.resultCells ?? []) : []}
            label={`${gameName} board after move ${shown}`}
            names={names}
          />
          {over ? <ReplayControls replay={replay} total={plies} /> : null}
          {over ? (
            <MatchStory game={match.game} turns={turns} names={names} onSelect={showMove} />
          ) : null}
          {lastShown ? (
            <p className="evaluation" aria-live="polite" data-testid="evaluation">
              <strong>{names[(lastShown.ply - 1) % 2]}</strong> played{' '}
              {moveText(match.game, lastShown.move)}, {chancesPhrase(evaluationOf(lastShown))}:{' '}
              {lastShown.trace.reason}
              {lastShown.verdict ? (
                <>
                  <br />
                  <span
                    className={`verdict verdict-${lastShown.verdict.grade}`}
                    data-testid="caption-verdict"
                  >
                    {verdictSentence(
                      match.game,
                      lastShown.verdict,
                      lastShown.ply,
                      moverFirst(names, lastShown.ply),
                    )}
                  </span>
                </>
              ) : null}
            </p>
          ) : (
            <p className="evaluation">The first move is coming.</p>
          )}
          <AdvantageChart
            turns={turns}
            names={names}
            shown={shown}
            {...(over ? { onSelect: showMove } : {})}
          />
          {match.game === 'connect4' ? (
            <PerfectPlay moves={moves} shown={shown} names={names} />
          ) : (
            <MovesPerfectPlay
              game={match.game}
              moves={turns.map((turn) => turn.move)}
              shown={shown}
              names={names}
            />
          )}
          <ShareLink title={`${first.name} vs ${second.name} on Gridmind`} />
          {waiting ? null : bettingPanel}
        </div>
        <div>
          <h2>Moves</h2>
          {turns.length === 0 ? (
            <p data-testid="no-moves">
              {over
                ? 'No moves were played.'
                : 'No moves yet: the first comes when the match starts.'}
            </p>
          ) : (
            <MoveList
              game={match.game}
              turns={turns}
              names={names}
              shown={shown}
              {...(over ? { onSelect: showMove } : {})}
            />
          )}
        </div>
      </div>
    </section>
  );
}
