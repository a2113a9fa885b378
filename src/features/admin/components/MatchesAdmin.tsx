import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import {
  adminActions,
  adminAgentsQueryOptions,
  openMatchesQueryOptions,
} from '#src/features/admin/api/adminApi.ts';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Matches: cancel one (stakes are refunded), or start one of a game between two chosen agents. */
export function MatchesAdmin() {
  const matches = useQuery(openMatchesQueryOptions());
  const agents = useQuery(adminAgentsQueryOptions());
  const cancel = useAdminAction(adminActions.cancelMatch, 'Match cancelled, stakes refunded');
  const start = useAdminAction(adminActions.startMatch, 'Match announced');
  const active = agents.data?.items.filter((agent) => agent.status === 'active') ?? [];
  const [game, setGame] = useState<GameId>(GAME_IDS[0]);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate([game, first, second]);
  };
  return (
    <section aria-labelledby="admin-matches">
      <h2 id="admin-matches" className="section-title">
        Matches
      </h2>
      <AdminListState
        query={matches}
        rows={matches.data?.items.length}
        loading="Loading matches…"
        failed="The matches could not be loaded."
        empty="No match is announced or live right now."
      />
      <ul>
        {matches.data?.items.map((match) => (
          <li key={match.id}>
            <a href={`/games/sessions/${match.id}`}>
              {match.players[0].name} vs {match.players[1].name}
            </a>{' '}
            ({GAME_NAMES[match.game]}, {match.status}, {match.plies} moves){' '}
            <button type="button" className="button" onClick={() => cancel.mutate([match.id])}>
              Cancel and refund
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit} aria-label="Start a match">
        <label>
          Game
          <select value={game} onChange={(event) => setGame(event.target.value as GameId)}>
            {GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {GAME_NAMES[id]}
              </option>
            ))}
          </select>
        </label>
        {(
          [
            ['First agent', first, setFirst],
            ['Second agent', second, setSecond],
          ] as const
        ).map(([label, value, set]) => (
          <label key={label}>
            {label}
            <select value={value} onChange={(event) => set(event.target.value)} required>
              <option value="">Choose…</option>
              {active.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className="button" disabled={start.isPending}>
          Start match
        </button>
      </form>
    </section>
  );
}
