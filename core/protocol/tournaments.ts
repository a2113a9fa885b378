import * as z from 'zod/mini';
import { GAME_IDS } from '#core/games/gameIds.ts';

/** Most entrants one tournament takes (the database checks it too). */
export const MAX_ENTRANTS = 256;

const wholePoints = (what: string) =>
  z
    .int({ error: `The ${what} must be a whole number of points.` })
    .check(
      z.minimum(0, `The ${what} cannot be negative.`),
      z.maximum(1_000_000_000, `The ${what} is too large.`),
    );

const commonFields = {
  game: z.enum(GAME_IDS, 'Choose a game Gridmind runs.'),
  startsAt: z.iso.datetime({ offset: true, error: 'Give the start as an ISO date and time.' }),
  entryFee: wholePoints('entry fee'),
  housePrize: wholePoints('house prize'),
  entrantLimit: z
    .int({ error: 'The entrant limit must be a whole number.' })
    .check(
      z.minimum(2, 'A tournament needs room for at least 2 entrants.'),
      z.maximum(MAX_ENTRANTS, `A tournament takes at most ${MAX_ENTRANTS} entrants.`),
    ),
  thinkTimeMs: z
    .int({ error: 'The think-time limit must be a whole number of milliseconds.' })
    .check(
      z.minimum(100, 'The think-time limit must be at least 100 ms.'),
      z.maximum(60_000, 'The think-time limit must be at most 60 s.'),
    ),
  /** Weights of the first, second … places: percentages, or any whole shares. */
  prizeTable: z
    .array(
      z
        .number()
        .check(
          z.int('Prize shares are whole numbers.'),
          z.minimum(0, 'A share cannot be negative.'),
        ),
    )
    .check(
      z.minLength(1, 'The prize table needs at least first place.'),
      z.maxLength(16, 'The prize table pays at most 16 places.'),
      z.refine((shares) => (shares[0] ?? 0) > 0, 'The prize table must pay first place.'),
      z.refine((shares) => shares.every((share) => share <= 1_000_000), 'A share is too large.'),
    ),
};

/** Body of `POST /api/admin/tournaments`: a Swiss names its rounds, the other formats none. */
export const createTournamentBodySchema = z.discriminatedUnion(
  'format',
  [
    z.object({
      ...commonFields,
      format: z.literal('swiss'),
      rounds: z.int().check(z.minimum(1), z.maximum(50)),
    }),
    z.object({ ...commonFields, format: z.literal('round-robin') }),
    z.object({ ...commonFields, format: z.literal('knockout') }),
  ],
  { error: 'Format must be round-robin, swiss or knockout.' },
);

/** Body of `POST /api/tournaments/:id/entrants`: the agent (custom, bot, or built-in for admins). */
export const enterTournamentBodySchema = z.object({
  agentId: z.string().check(z.minLength(1, 'Choose an agent.'), z.maxLength(64)),
});

/** @see createTournamentBodySchema */
export type CreateTournamentBody = z.infer<typeof createTournamentBodySchema>;
