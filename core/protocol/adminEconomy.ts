import { z } from 'zod';
import { GAME_IDS } from '#core/games/gameIds.ts';

/** Body of `POST /api/admin/users/:id/balance`: a signed whole amount and why. */
export const adjustBalanceBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a whole number of points.' })
    .int('The amount must be a whole number of points.')
    .refine((value) => value !== 0, 'The amount must not be 0.')
    .refine((value) => Math.abs(value) <= 1_000_000_000, 'The amount is too large.'),
  reason: z
    .string({ error: 'Give a reason.' })
    .trim()
    .min(3, 'Give a reason of at least 3 characters.')
    .max(200, 'The reason must be at most 200 characters.'),
});

/** Body of `POST /api/admin/users/:id/role`. */
export const setRoleBodySchema = z.object({ isAdmin: z.boolean() });

/** Body of `POST /api/admin/agents/:id/visibility`. */
export const setAgentHiddenBodySchema = z.object({ hidden: z.boolean() });

/** Body of `POST /api/admin/matches`: start a match of a game between two chosen agents. */
export const startMatchBodySchema = z
  .object({
    game: z.enum(GAME_IDS, 'Choose a game Gridmind runs.').default('connect4'),
    firstAgentId: z.string().min(1).max(64),
    secondAgentId: z.string().min(1).max(64),
  })
  .refine((body) => body.firstAgentId !== body.secondAgentId, 'Choose two different agents.');

/** One agent in the admin list, hidden and retired ones included. */
const adminAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['builtin', 'custom', 'bot']),
  ownerNickname: z.string().nullable(),
  status: z.enum(['active', 'hidden', 'retired']),
  rating: z.number(),
});

/** Body of `GET /api/admin/agents`. */
export const adminAgentsResponseSchema = z.object({ items: z.array(adminAgentSchema) });

/** @see adminAgentSchema */
export type AdminAgent = z.infer<typeof adminAgentSchema>;
