import { Link } from 'react-router';
import type { GameId } from '#core/games/gameIds.ts';
import type { AgentSummary } from '#core/protocol/agents.ts';
import type { MatchSummary } from '#core/protocol/matches.ts';

/** One side of a match: its own piece's colour, name, rating, and the traits that shape its play. */
export function PlayerCard({
  game,
  player,
  side,
  agent,
  toMove,
}: {
  game: GameId;
  player: MatchSummary['players'][number];
  side: 1 | 2;
  agent: AgentSummary | undefined;
  toMove: boolean;
}) {
  return (
    <div className={`player${toMove ? ' to-move' : ''}`} data-side={side}>
      <h2>
        <span className={`dot-${side}`} data-game={game} aria-hidden="true" />
        <Link to={`/agents/${player.agentId}`}>{player.name}</Link>
      </h2>
      <div>
        Rating {player.rating}
        {toMove ? <span className="visually-hidden"> (to move)</span> : null}
      </div>
      {agent ? (
        <div className="traits">
          Skill {agent.traits.skill}/10 · {agent.traits.style} · risk{' '}
          {Math.round(agent.traits.risk * 100)}% · thinks {agent.traits.thinkTimeMs / 1000}s
        </div>
      ) : null}
    </div>
  );
}
