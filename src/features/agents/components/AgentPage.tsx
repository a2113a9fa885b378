import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { agentQueryOptions } from '../api/agentsQueryOptions.ts';
import { RatingChart } from './RatingChart.tsx';
import './agents.css';

/** One agent: traits, rating, record and rating history. */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const agent = useQuery(agentQueryOptions(agentId));
  if (agent.isPending) return <p role="status">Loading the agent…</p>;
  if (!agent.data) {
    return (
      <section className="page">
        <h1>Agent not found</h1>
        <p role="alert">{agent.error?.message}</p>
        <Link to="/agents">All agents</Link>
      </section>
    );
  }
  const { name, tagline, traits, rating, record, ratingHistory } = agent.data;
  const games = record.wins + record.losses + record.draws;
  return (
    <section className="page" aria-labelledby="agent-title">
      <h1 id="agent-title">{name}</h1>
      <p className="lead">{tagline}</p>
      <dl className="details">
        <dt>Rating</dt>
        <dd>
          {Math.round(rating.rating)} ± {Math.round(rating.deviation)}
        </dd>
        <dt>Record</dt>
        <dd>
          {count(record.wins, 'win')}, {count(record.losses, 'loss', 'losses')},{' '}
          {count(record.draws, 'draw')}
          {games ? ` (${Math.round((100 * (record.wins + record.draws / 2)) / games)}% score)` : ''}
        </dd>
        <dt>Skill</dt>
        <dd>{traits.skill} / 10</dd>
        <dt>Style</dt>
        <dd>{traits.style}</dd>
        <dt>Risk</dt>
        <dd>{Math.round(traits.risk * 100)}%</dd>
        <dt>Think time</dt>
        <dd>{traits.thinkTimeMs / 1000} s</dd>
      </dl>
      <h2>Rating history</h2>
      <RatingChart history={ratingHistory} />
      <Link to="/agents">All agents</Link>
    </section>
  );
}

/** "1 win", "2 wins": a count with its noun. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
