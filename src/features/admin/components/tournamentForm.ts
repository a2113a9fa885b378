import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
// Types only: the schema's discriminated union would pull zod's into the first load's shared
// chunk (core/protocol/tournaments.ts). The server checks the body and says what is wrong.
import type { CreateTournamentBody } from '#core/protocol/tournaments.ts';

export const TOURNAMENT_FORMATS = ['round-robin', 'swiss', 'knockout'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/** The admin's tournament form as typed: every field a string, as inputs hold them. */
export interface TournamentDraft {
  game: GameId;
  format: TournamentFormat;
  rounds: string;
  /** A `datetime-local` value: the admin's own clock, no zone. */
  startsAt: string;
  entryFee: string;
  housePrize: string;
  entrantLimit: string;
  thinkTimeMs: string;
  /** Shares of the places, first first: "70, 30". */
  prizeTable: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value for `date` in the browser's zone, to the minute. */
export function localDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A new draft: a Swiss of five rounds an hour from `now`, small stakes. */
export function newTournamentDraft(now: Date): TournamentDraft {
  return {
    game: GAME_IDS[0],
    format: 'swiss',
    rounds: '5',
    startsAt: localDateTime(new Date(now.getTime() + 3_600_000)),
    entryFee: '10',
    housePrize: '100',
    entrantLimit: '16',
    thinkTimeMs: '1000',
    prizeTable: '70, 30',
  };
}

/** The form's whole-number fields: the input's label, and the field's name in a sentence. */
export const NUMBER_FIELDS = {
  rounds: { label: 'Rounds', name: 'The number of rounds' },
  entryFee: { label: 'Entry fee (points)', name: 'The entry fee' },
  housePrize: { label: 'House prize (points)', name: 'The house prize' },
  entrantLimit: { label: 'Entrant limit', name: 'The entrant limit' },
  thinkTimeMs: { label: 'Think-time limit (ms)', name: 'The think-time limit' },
} as const;

/** A whole-number field of the form. */
export type NumberField = keyof typeof NUMBER_FIELDS;

const isWhole = (text: string) => /^\s*\d+\s*$/.test(text);

/**
 * The request body for a draft, or what the page can already tell is wrong with it: a start that
 * is not a date, a number that is not whole. The rest (ranges, the prize table's rules) is the
 * server's to check, in the same words whoever sends the body.
 */
export function tournamentBodyOf(
  draft: TournamentDraft,
): { body: CreateTournamentBody } | { error: string } {
  const start = new Date(draft.startsAt);
  if (draft.startsAt === '' || Number.isNaN(start.getTime())) {
    return { error: 'Give the start as a date and time.' };
  }
  const fields = Object.entries(NUMBER_FIELDS) as [NumberField, { name: string }][];
  for (const [field, { name }] of fields) {
    if (field === 'rounds' && draft.format !== 'swiss') continue;
    if (!isWhole(draft[field])) return { error: `${name} must be a whole number.` };
  }
  const shares = draft.prizeTable.split(/[,\s]+/).filter((share) => share !== '');
  if (!shares.every(isWhole)) {
    return { error: 'Prize shares are whole numbers, separated by commas.' };
  }
  const common = {
    game: draft.game,
    startsAt: start.toISOString(),
    entryFee: Number(draft.entryFee),
    housePrize: Number(draft.housePrize),
    entrantLimit: Number(draft.entrantLimit),
    thinkTimeMs: Number(draft.thinkTimeMs),
    prizeTable: shares.map(Number),
  };
  return {
    body:
      draft.format === 'swiss'
        ? { ...common, format: 'swiss', rounds: Number(draft.rounds) }
        : { ...common, format: draft.format },
  };
}
