import * as z from 'zod/mini';
import { GAME_IDS } from '#core/games/gameIds.ts';

const WHOLE_AMOUNT = 'The amount must be a whole number of points.';

/** Body of `POST /api/admin/users/:id/balance`: a signed whole amount and why. */
export const adjustBalanceBodySchema = z.object({
  amount: z.int({ error: WHOLE_AMOUNT }).check(
    z.refine((value) => value !== 0, 'The amount must not be 0.'),
    z.refine((value) => Math.abs(value) <= 1_000_000_000, 'The amount is too large.'),
  ),
  reason: z
    .string({ error: 'Give a reason.' })
    .check(
      z.trim(),
      z.minLength(3, 'Give a reason of at least 3 characters.'),
      z.maxLength(200, 'The reason must be at most 200 characters.'),
    ),
});

/** Body of `POST /api/admin/users/:id/role`. */
export const setRoleBodySchema = z.object({ isAdmin: z.boolean() });

/** Body of `POST /api/admin/agents/:id/visibility`. */
export const setAgentHiddenBodySchema = z.object({ hidden: z.boolean() });

/** Body of `POST /api/admin/matches`: start a match of a game between two chosen agents. */
export const startMatchBodySchema = z
  .object({
    game: z._default(z.enum(GAME_IDS, 'Choose a game Gridmind runs.'), 'connect4'),
    firstAgentId: z.string().check(z.minLength(1), z.maxLength(64)),
    secondAgentId: z.string().check(z.minLength(1), z.maxLength(64)),
  })
  .check(
    z.refine((body) => body.firstAgentId !== body.secondAgentId, 'Choose two different agents.'),
  );

/** One agent in the admin list, hidden and retired ones included. */
const adminAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['builtin', 'custom', 'bot']),
  ownerNickname: z.nullable(z.string()),
  status: z.enum(['active', 'hidden', 'retired']),
  rating: z.number(),
});

/** Body of `GET /api/admin/agents`. */
export const adminAgentsResponseSchema = z.object({ items: z.array(adminAgentSchema) });

/** @see adminAgentSchema */
export type AdminAgent = z.infer<typeof adminAgentSchema>;
