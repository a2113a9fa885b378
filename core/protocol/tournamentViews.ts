// zod/mini: the tournament pages validate with these in the browser. Apart from tournaments.ts,
// whose discriminated union of create bodies would join the first load's shared zod chunk.
import * as z from 'zod/mini';
import { gameIdSchema, timestamp } from './matches.ts';
import { pointsSchema } from './points.ts';

const int = z.int();

/** One tournament as lists show it; the pool is the fees paid plus the house's prize. */
const tournamentSummarySchema = z.object({
  id: z.string(),
  game: gameIdSchema,
  format: z.enum(['round-robin', 'swiss', 'knockout']),
  rounds: z.nullable(int),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  startsAt: timestamp,
  entryFee: pointsSchema,
  housePrize: pointsSchema,
  pool: pointsSchema,
  entrants: z.int().check(z.minimum(0)),
  entrantLimit: int,
  thinkTimeMs: int,
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
  seed: int,
  place: int,
  halfPoints: int,
  buchholzHalfPoints: int,
  sonnebornBergerQuarterPoints: int,
  wins: int,
  draws: int,
  losses: int,
  byes: int,
});

/** Reply of `GET /api/tournaments/:id`. */
export const tournamentDetailSchema = z.object({
  tournament: tournamentSummarySchema,
  entrants: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      kind: z.enum(['builtin', 'custom', 'bot']),
      ownerNickname: z.nullable(z.string()),
      rating: int,
      enteredAt: timestamp,
    }),
  ),
  /** What each place wins from the pool as it stands, were every place in the table filled. */
  prizes: z.array(z.object({ place: int, points: pointsSchema })),
  /** The rules the page states, in reading order (core/tournaments/rules.ts). */
  rules: z.array(z.string()),
  standings: z.array(standingSchema),
  rounds: z.array(
    z.object({
      number: int,
      /** Each game of the round: its match (null until created) and result (null until over). */
      pairings: z.array(
        z.object({
          first: z.string(),
          second: z.string(),
          matchId: z.nullable(z.string()),
          result: z.nullable(z.enum(['first', 'second', 'draw'])),
        }),
      ),
      byes: z.array(z.string()),
    }),
  ),
});

/** Reply of `GET /api/agents/:id/tournaments`: its newest tournaments, with its place in each. */
export const agentTournamentsSchema = z.object({
  items: z.array(
    z.object({
      tournament: tournamentSummarySchema,
      /** The place it finished in; null until the tournament is settled, or if it was cancelled. */
      place: z.nullable(int),
    }),
  ),
});

/** @see tournamentSummarySchema */
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;
/** @see agentTournamentsSchema */
export type AgentTournaments = z.infer<typeof agentTournamentsSchema>;
/** @see tournamentDetailSchema */
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;
