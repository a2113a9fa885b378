import { GAME_IDS, type GameId } from '../../../../core/games/gameIds.ts';
import {
  type CreateTournamentBody,
  createTournamentBodySchema,
} from '../../../../core/protocol/tournaments.ts';

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

// An empty or half-typed number stays NaN, for the schema's own sentence about that field.
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The request body for a draft, or the first thing wrong with it in the schema's words (the
 * server checks the same schema again).
 */
export function tournamentBodyOf(
  draft: TournamentDraft,
): { body: CreateTournamentBody } | { error: string } {
  const start = new Date(draft.startsAt);
  if (draft.startsAt === '' || Number.isNaN(start.getTime())) {
    return { error: 'Give the start as a date and time.' };
  }
  const shares = draft.prizeTable.split(/[,\s]+/).filter((share) => share !== '');
  const common = {
    game: draft.game,
    startsAt: start.toISOString(),
    entryFee: wholeNumber(draft.entryFee),
    housePrize: wholeNumber(draft.housePrize),
    entrantLimit: wholeNumber(draft.entrantLimit),
    thinkTimeMs: wholeNumber(draft.thinkTimeMs),
    prizeTable: shares.map(wholeNumber),
  };
  const parsed = createTournamentBodySchema.safeParse(
    draft.format === 'swiss'
      ? { ...common, format: 'swiss', rounds: wholeNumber(draft.rounds) }
      : { ...common, format: draft.format },
  );
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  // A share typed as text fails as NaN: say so in the table's own terms.
  if (field === 'prizeTable' && issue?.code === 'invalid_type') {
    return { error: 'Prize shares are whole numbers, separated by commas.' };
  }
  if (field === 'rounds') return { error: 'A Swiss needs 1 to 50 rounds.' };
  return { error: issue?.message ?? 'Check the form.' };
}
