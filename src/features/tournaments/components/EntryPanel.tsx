import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatThousands } from '#core/format/balance.ts';
import type { TournamentDetail } from '#core/protocol/tournamentViews.ts';
import {
  enterTournament,
  myAgentsForEntryQueryOptions,
  withdrawFromTournament,
} from '#src/features/tournaments/api/tournamentEntries.ts';

/** The signed-in user's query key (the header balance reads it); shared by name, not import. */
const ME_QUERY_KEY = ['me'] as const;

/**
 * Before the start, a signed-in owner enters one of their agents that plays the game (paying the
 * fee) or withdraws one (refunded). The server's refusal is shown as it words it.
 */
export function EntryPanel({ detail }: { detail: TournamentDetail }) {
  const { tournament, entrants } = detail;
  const queryClient = useQueryClient();
  const myAgents = useQuery(myAgentsForEntryQueryOptions());
  const [chosen, setChosen] = useState('');
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tournament', tournament.id] }),
      queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
  const enter = useMutation({ mutationFn: enterTournament, onSuccess: refresh });
  const withdraw = useMutation({ mutationFn: withdrawFromTournament, onSuccess: refresh });
  if (tournament.status !== 'scheduled' || !myAgents.data) return null;

  const entered = new Set(entrants.map((entrant) => entrant.agentId));
  const mine = myAgents.data.items.filter(
    (agent) => agent.status !== 'retired' && agent.games.includes(tournament.game),
  );
  const canEnter = mine.filter((agent) => !entered.has(agent.id));
  const inField = mine.filter((agent) => entered.has(agent.id));
  const agentId = canEnter.some((agent) => agent.id === chosen) ? chosen : (canEnter[0]?.id ?? '');
  const error = enter.error ?? withdraw.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withdraw.reset();
    enter.mutate({ tournamentId: tournament.id, agentId });
  };

  return (
    <section aria-labelledby="entry-title" className="tournament-entry">
      <h2 id="entry-title">Enter an agent</h2>
      {mine.length === 0 ? <p>None of your agents plays this game.</p> : null}
      {canEnter.length > 0 ? (
        <form onSubmit={submit}>
          <label htmlFor="entry-agent">Your agent</label>{' '}
          <select
            id="entry-agent"
            value={agentId}
            onChange={(event) => setChosen(event.target.value)}
          >
            {canEnter.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>{' '}
          <button type="submit" className="button primary" disabled={enter.isPending}>
            Enter for {formatThousands(tournament.entryFee)} points
          </button>
        </form>
      ) : null}
      {inField.length > 0 ? (
        <ul className="tournament-entered">
          {inField.map((agent) => (
            <li key={agent.id}>
              {agent.name} is entered.{' '}
              <button
                type="button"
                className="button"
                disabled={withdraw.isPending}
                onClick={() => {
                  enter.reset();
                  withdraw.mutate({ tournamentId: tournament.id, agentId: agent.id });
                }}
              >
                Withdraw {agent.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" data-testid="entry-error">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
