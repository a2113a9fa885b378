import { z } from 'zod';
import { GAME_IDS } from '../games/gameIds.ts';
import { pointsSchema } from './points.ts';

/** Most entrants one tournament takes (the database checks it too). */
export const MAX_ENTRANTS = 256;

const wholePoints = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number of points.` })
    .int(`The ${what} must be a whole number of points.`)
    .min(0, `The ${what} cannot be negative.`)
    .max(1_000_000_000, `The ${what} is too large.`);

const commonFields = {
  game: z.enum(GAME_IDS, 'Choose a game Gridmind runs.'),
  startsAt: z.iso.datetime({ offset: true, error: 'Give the start as an ISO date and time.' }),
  entryFee: wholePoints('entry fee'),
  housePrize: wholePoints('house prize'),
  entrantLimit: z
    .number({ error: 'The entrant limit must be a whole number.' })
    .int('The entrant limit must be a whole number.')
    .min(2, 'A tournament needs room for at least 2 entrants.')
    .max(MAX_ENTRANTS, `A tournament takes at most ${MAX_ENTRANTS} entrants.`),
  thinkTimeMs: z
    .number({ error: 'The think-time limit must be a whole number of milliseconds.' })
    .int('The think-time limit must be a whole number of milliseconds.')
    .min(100, 'The think-time limit must be at least 100 ms.')
    .max(60_000, 'The think-time limit must be at most 60 s.'),
  /** Weights of the first, second … places: percentages, or any whole shares. */
  prizeTable: z
    .array(z.number().int('Prize shares are whole numbers.').min(0, 'A share cannot be negative.'))
    .min(1, 'The prize table needs at least first place.')
    .max(16, 'The prize table pays at most 16 places.')
    .refine((shares) => (shares[0] ?? 0) > 0, 'The prize table must pay first place.')
    .refine((shares) => shares.every((share) => share <= 1_000_000), 'A share is too large.'),
};

/** Body of `POST /api/admin/tournaments`: a Swiss names its rounds, the other formats none. */
export const createTournamentBodySchema = z.discriminatedUnion(
  'format',
  [
    z.object({
      ...commonFields,
      format: z.literal('swiss'),
      rounds: z.number().int().min(1).max(50),
    }),
    z.object({ ...commonFields, format: z.literal('round-robin') }),
    z.object({ ...commonFields, format: z.literal('knockout') }),
  ],
  { error: 'Format must be round-robin, swiss or knockout.' },
);

/** Body of `POST /api/tournaments/:id/entrants`: the agent (custom, bot, or built-in for admins). */
export const enterTournamentBodySchema = z.object({
  agentId: z.string().min(1, 'Choose an agent.').max(64),
});

const tournamentStatusSchema = z.enum(['scheduled', 'live', 'finished', 'cancelled']);

/** One tournament as lists show it; the pool is the fees paid plus the house's prize. */
const tournamentSummarySchema = z.object({
  id: z.string(),
  game: z.enum(GAME_IDS),
  format: z.enum(['round-robin', 'swiss', 'knockout']),
  rounds: z.number().int().nullable(),
  status: tournamentStatusSchema,
  startsAt: z.iso.datetime({ offset: true }),
  entryFee: pointsSchema,
  housePrize: pointsSchema,
  pool: pointsSchema,
  entrants: z.number().int().nonnegative(),
  entrantLimit: z.number().int(),
  thinkTimeMs: z.number().int(),
});

/** Reply of `GET /api/tournaments`: soonest first, except finished ones (newest first). */
export const tournamentListSchema = z.object({
  upcoming: z.array(tournamentSummarySchema),
  live: z.array(tournamentSummarySchema),
  /** Finished and cancelled ones. */
  finished: z.array(tournamentSummarySchema),
});

/** One line of the table: core/tournaments/standings.ts's figures, with the entrant's name. */
const standingSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  seed: z.number().int(),
  place: z.number().int(),
  halfPoints: z.number().int(),
  buchholzHalfPoints: z.number().int(),
  sonnebornBergerQuarterPoints: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  byes: z.number().int(),
});

/** Reply of `GET /api/tournaments/:id`. */
export const tournamentDetailSchema = z.object({
  tournament: tournamentSummarySchema,
  entrants: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      kind: z.enum(['builtin', 'custom', 'bot']),
      ownerNickname: z.string().nullable(),
      rating: z.number().int(),
      enteredAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** What each place wins from the pool as it stands, were every place in the table filled. */
  prizes: z.array(z.object({ place: z.number().int(), points: pointsSchema })),
  /** The rules the page states, in reading order (core/tournaments/rules.ts). */
  rules: z.array(z.string()),
  standings: z.array(standingSchema),
  rounds: z.array(
    z.object({
      number: z.number().int(),
      pairings: z.array(z.object({ first: z.string(), second: z.string() })),
      byes: z.array(z.string()),
    }),
  ),
});

/** @see createTournamentBodySchema */
export type CreateTournamentBody = z.infer<typeof createTournamentBodySchema>;
/** @see tournamentSummarySchema */
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;
/** @see tournamentDetailSchema */
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;
