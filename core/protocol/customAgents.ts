import { z } from 'zod';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { agentNameSchema, freeTextSchema } from './agentText.ts';

/** Most active (not retired) agents one user may own. */
export const MAX_ACTIVE_AGENTS_PER_USER = 5;

/** A colour as `#rrggbb`, shown on the agent's badge. */
const agentColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c.')
  .transform((value) => value.toLowerCase());

/** The games an agent plays: at least one, each once, in the catalogue's order. */
const agentGamesSchema = z
  .array(z.enum(GAME_IDS, 'Choose games Gridmind runs.'))
  .min(1, 'Choose at least one game.')
  .transform((games) => GAME_IDS.filter((id) => games.includes(id)));

/** Body of `POST /api/agents`. */
export const createAgentBodySchema = z.object({
  name: agentNameSchema,
  color: agentColorSchema.default('#4f46e5'),
  tagline: freeTextSchema(80, 'Tagline must be at most 80 characters.').default(''),
  traits: agentTraitsSchema,
  /** Every game unless chosen. */
  games: agentGamesSchema.default([...GAME_IDS]),
});

/** Body of `PATCH /api/agents/:id`: any of the create fields. */
export const updateAgentBodySchema = z
  .object({
    name: agentNameSchema,
    color: agentColorSchema,
    tagline: freeTextSchema(80, 'Tagline must be at most 80 characters.'),
    traits: agentTraitsSchema,
    games: agentGamesSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');

/** A user's own agent, with its standing and what betters have paid its owner. */
export const ownedAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  tagline: z.string(),
  traits: agentTraitsSchema,
  games: z.array(z.enum(GAME_IDS)),
  status: z.enum(['active', 'hidden', 'retired']),
  rating: z.number(),
  record: z.object({
    wins: z.number().int().nonnegative(),
    losses: z.number().int().nonnegative(),
    draws: z.number().int().nonnegative(),
  }),
  earnings: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** @see createAgentBodySchema */
export type CreateAgentBody = z.input<typeof createAgentBodySchema>;
/** @see updateAgentBodySchema */
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;
/** @see ownedAgentSchema */
export type OwnedAgent = z.infer<typeof ownedAgentSchema>;
