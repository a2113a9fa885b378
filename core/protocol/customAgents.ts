import * as z from 'zod/mini';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { agentNameSchema, freeTextSchema } from './agentText.ts';

/** Most active (not retired) agents one user may own. */
export const MAX_ACTIVE_AGENTS_PER_USER = 5;

const TAGLINE_TOO_LONG = 'Tagline must be at most 80 characters.';

/** A colour as `#rrggbb`, shown on the agent's badge. */
const agentColorSchema = z.pipe(
  z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c.')),
  z.transform((value: string) => value.toLowerCase()),
);

/** The games an agent plays: at least one, each once, in the catalogue's order. */
const agentGamesSchema = z.pipe(
  z
    .array(z.enum(GAME_IDS, 'Choose games Gridmind runs.'))
    .check(z.minLength(1, 'Choose at least one game.')),
  z.transform((games: GameId[]) => GAME_IDS.filter((id) => games.includes(id))),
);

/** Body of `POST /api/agents`. */
export const createAgentBodySchema = z.object({
  name: agentNameSchema,
  color: z._default(agentColorSchema, '#4f46e5'),
  tagline: z._default(freeTextSchema(80, TAGLINE_TOO_LONG), ''),
  traits: agentTraitsSchema,
  /** Every game unless chosen. */
  games: z._default(agentGamesSchema, [...GAME_IDS]),
});

/** Body of `PATCH /api/agents/:id`: any of the create fields. */
export const updateAgentBodySchema = z
  .partial(
    z.object({
      name: agentNameSchema,
      color: agentColorSchema,
      tagline: freeTextSchema(80, TAGLINE_TOO_LONG),
      traits: agentTraitsSchema,
      games: agentGamesSchema,
    }),
  )
  .check(z.refine((body) => Object.keys(body).length > 0, 'Change at least one field.'));

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
    wins: z.int().check(z.nonnegative()),
    losses: z.int().check(z.nonnegative()),
    draws: z.int().check(z.nonnegative()),
  }),
  earnings: z.int().check(z.nonnegative()),
  createdAt: z.iso.datetime({ offset: true }),
});

/** @see createAgentBodySchema */
export type CreateAgentBody = z.input<typeof createAgentBodySchema>;
/** @see updateAgentBodySchema */
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;
/** @see ownedAgentSchema */
export type OwnedAgent = z.infer<typeof ownedAgentSchema>;
