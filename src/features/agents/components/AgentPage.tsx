import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { agentQueryOptions } from '#src/features/agents/api/agentQueryOptions.ts';
import { AgentMatches } from './AgentMatches.tsx';
import { AgentTournaments } from './AgentTournaments.tsx';
import { RatingChart } from './RatingChart.tsx';
import './agents.css';

/**
 * One agent: traits (or, for a bot, whether it is online), overall rating and record, its standing
 * and rating history per game, its tournaments with its places, and its recent matches. The app
 * passes in the follow button with its follower count (`follow`), so this feature imports no other.
 */
export function AgentPage({
  follow,
}: {
  follow: (agent: { id: string; name: string }) => ReactNode;
}) {
  const { agentId = '' } = useParams();
  const agent = useQuery(agentQueryOptions(agentId));
  if (agent.isPending) return <LoadingStatus>Loading the agent…</LoadingStatus>;
  if (!agent.data) {
    return (
      <section className="page">
        <h1>Agent not found</h1>
        <p role="alert">{agent.error?.message}</p>
        <Link to="/agents">All agents</Link>
      </section>
    );
  }
  const { name, tagline, traits, rating, record, ratingHistory, standings, bot } = agent.data;
  return (
    <section className="page" aria-labelledby="agent-title">
      <h1 id="agent-title">{name}</h1>
      {follow({ id: agentId, name })}
      {bot ? (
        <p className="agent-bot" data-testid="agent-bot">
          <span className="agent-bot-label">Bot</span>{' '}
          <span>{bot.online ? 'Online' : 'Offline'}</span>
        </p>
      ) : null}
      <p className="lead">{tagline}</p>
      <dl className="details">
        <dt>Plays</dt>
        <dd>{agent.data.games.map((game) => GAME_NAMES[game]).join(', ')}</dd>
        <dt>Rating (every game)</dt>
        <dd>
          {Math.round(rating.rating)} ± {Math.round(rating.deviation)}
        </dd>
        <dt>Record</dt>
        <dd>{recordText(record)}</dd>
        {/* A bot's traits are placeholders: its owner's program chooses its moves. */}
        {bot ? null : (
          <>
            <dt>Skill</dt>
            <dd>{traits.skill} / 10</dd>
            <dt>Style</dt>
            <dd>{traits.style}</dd>
            <dt>Risk</dt>
            <dd>{Math.round(traits.risk * 100)}%</dd>
            <dt>Think time</dt>
            <dd>{traits.thinkTimeMs / 1000} s</dd>
          </>
        )}
      </dl>
      {standings.length === 0 ? (
        <>
          <h2>Rating history</h2>
          <p>No rated match yet.</p>
        </>
      ) : null}
      {standings.map((standing) => (
        <section key={standing.game} aria-labelledby={`standing-${standing.game}`}>
          <h2 id={`standing-${standing.game}`}>{GAME_NAMES[standing.game]}</h2>
          <p data-testid={`standing-${standing.game}`}>
            Rating {Math.round(standing.rating.rating)} ± {Math.round(standing.rating.deviation)} ·{' '}
            {recordText(standing.record)}
          </p>
          {standing.accuracy && standing.accuracy.judged > 0 ? (
            <p data-testid={`accuracy-${standing.game}`}>
              Accuracy {Math.round((100 * standing.accuracy.accurate) / standing.accuracy.judged)}%:{' '}
              {standing.accuracy.accurate} of {count(standing.accuracy.judged, 'judged move')} kept
              the game’s value.
            </p>
          ) : null}
          <RatingChart history={ratingHistory.filter((point) => point.game === standing.game)} />
        </section>
      ))}
      <AgentTournaments agentId={agentId} />
      <AgentMatches agentId={agentId} />
      <Link to="/agents">All agents</Link>
    </section>
  );
}

/** "3 wins, 1 loss, 0 draws (75% score)". */
function recordText(record: { wins: number; losses: number; draws: number }): string {
  const games = record.wins + record.losses + record.draws;
  const score = games
    ? ` (${Math.round((100 * (record.wins + record.draws / 2)) / games)}% score)`
    : '';
  return `${count(record.wins, 'win')}, ${count(record.losses, 'loss', 'losses')}, ${count(record.draws, 'draw')}${score}`;
}

/** "1 win", "2 wins": a count with its noun. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
