import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import { adminActions, adminTournamentsQueryOptions } from '#src/features/admin/api/adminApi.ts';
import { AdminListState } from './AdminListState.tsx';
import {
  NUMBER_FIELDS,
  type NumberField,
  newTournamentDraft,
  TOURNAMENT_FORMATS,
  type TournamentDraft,
  type TournamentFormat,
  tournamentBodyOf,
} from './tournamentForm.ts';
import { useAdminAction } from './useAdminAction.ts';

const FORMAT_NAMES: Record<TournamentFormat, string> = {
  'round-robin': 'Round robin',
  swiss: 'Swiss',
  knockout: 'Knockout',
};

// Rounds come first, and only for a Swiss: the rest always show, in this order.
const ALWAYS_SHOWN: readonly NumberField[] = [
  'entryFee',
  'housePrize',
  'entrantLimit',
  'thinkTimeMs',
];

/**
 * Tournaments: create one (game, format, rounds, start, fee, house prize, entrant limit,
 * think-time limit, prize table) and cancel those not over, their fees refunded.
 */
export function TournamentsAdmin() {
  const tournaments = useQuery(adminTournamentsQueryOptions());
  const create = useAdminAction(adminActions.createTournament, 'Tournament created');
  const cancel = useAdminAction(
    adminActions.cancelTournament,
    'Tournament cancelled, fees refunded',
  );
  const [draft, setDraft] = useState<TournamentDraft>(() => newTournamentDraft(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof TournamentDraft) => (value: string) =>
    setDraft((before) => ({ ...before, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = tournamentBodyOf(draft);
    if ('error' in checked) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    // The form keeps what was typed until the server has the tournament; its refusal is said here.
    create.mutate([checked.body], {
      onSuccess: () => setDraft(newTournamentDraft(new Date())),
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <section aria-labelledby="admin-tournaments">
      <h2 id="admin-tournaments" className="section-title">
        Tournaments
      </h2>
      <AdminListState
        query={tournaments}
        rows={tournaments.data?.items.length}
        loading="Loading tournaments…"
        failed="The tournaments could not be loaded."
        empty="No tournament is announced or live right now."
      />
      <ul data-testid="admin-tournament-list">
        {tournaments.data?.items.map((tournament) => (
          <li key={tournament.id}>
            <a href={`/games/tournaments/${tournament.id}`}>
              {GAME_NAMES[tournament.game]} {FORMAT_NAMES[tournament.format]}
            </a>{' '}
            ({tournament.status}, starts {new Date(tournament.startsAt).toLocaleString()},{' '}
            {tournament.entrants}/{tournament.entrantLimit} entrants){' '}
            <button
              type="button"
              className="button"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate([tournament.id])}
            >
              Cancel and refund
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={submit} aria-label="Create a tournament" noValidate>
        <label>
          Game
          <select
            value={draft.game}
            onChange={(event) => set('game')(event.target.value as GameId)}
          >
            {GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {GAME_NAMES[id]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Format
          <select value={draft.format} onChange={(event) => set('format')(event.target.value)}>
            {TOURNAMENT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_NAMES[format]}
              </option>
            ))}
          </select>
        </label>
        {draft.format === 'swiss' && (
          <label>
            {NUMBER_FIELDS.rounds.label}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              value={draft.rounds}
              onChange={(event) => set('rounds')(event.target.value)}
            />
          </label>
        )}
        <label>
          Starts
          <input
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => set('startsAt')(event.target.value)}
          />
        </label>
        {ALWAYS_SHOWN.map((field) => (
          <label key={field}>
            {NUMBER_FIELDS[field].label}
            <input
              type="number"
              inputMode="numeric"
              min={0}
              value={draft[field]}
              onChange={(event) => set(field)(event.target.value)}
            />
          </label>
        ))}
        <label>
          Prize table (% by place)
          <input
            value={draft.prizeTable}
            onChange={(event) => set('prizeTable')(event.target.value)}
            placeholder="70, 30"
          />
        </label>
        <button type="submit" className="button" disabled={create.isPending}>
          Create tournament
        </button>
        {problem && (
          <p role="alert" id="admin-tournament-problem">
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
