import * as z from 'zod/mini';

/** What a user can follow: an agent (built-in, custom or a bot: bots are agents), a tournament, a game. */
export const FOLLOW_KINDS = ['agent', 'tournament', 'game'] as const;

/** One kind of followed thing. */
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** How many things one user may follow: enough for anyone, small enough that no one balloons the table. */
export const MAX_FOLLOWS_PER_USER = 500;

/** The 409 sentence past the cap. */
export const TOO_MANY_FOLLOWS = `You can follow at most ${MAX_FOLLOWS_PER_USER} agents, tournaments and games; unfollow one first.`;

/** A followed thing, as the URL `/api/follows/:kind/:id` names it (ids are agents' text ids, tournaments' UUIDs or game ids). */
export const followTargetSchema = z.object({
  kind: z.enum(FOLLOW_KINDS, 'Kind must be agent, tournament or game.'),
  id: z
    .string()
    .check(z.minLength(1, 'The id is missing.'), z.maxLength(64, 'The id is too long.')),
});

/** A followed thing. */
export type FollowTarget = z.infer<typeof followTargetSchema>;

/** `GET|PUT|DELETE /api/follows/:kind/:id`: how many follow the target and whether the caller does. */
export const followStateSchema = z.object({
  followers: z.int().check(z.minimum(0)),
  following: z.boolean(),
});

/** The follow state of one target. */
export type FollowState = z.infer<typeof followStateSchema>;

/** One entry of the signed-in user's list: the target, its display name and its page. */
export const followedItemSchema = z.object({
  kind: z.enum(FOLLOW_KINDS),
  id: z.string(),
  name: z.string(),
  href: z.string().check(z.startsWith('/')),
  followedAt: z.string(),
});

/** One thing the user follows. */
export type FollowedItem = z.infer<typeof followedItemSchema>;

/** `GET /api/follows`: what the signed-in user follows, newest first. */
export const followedListSchema = z.object({ items: z.array(followedItemSchema) });

/** The page a followed thing links to: an agent's (a bot's too), a tournament's, a game's live matches. */
export function followTargetHref(target: FollowTarget): string {
  const id = encodeURIComponent(target.id);
  if (target.kind === 'agent') return `/agents/${id}`;
  if (target.kind === 'tournament') return `/games/tournaments/${id}`;
  return `/games/sessions?game=${id}`;
}
