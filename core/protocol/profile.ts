import * as z from 'zod/mini';
import { betSchema } from './bets.ts';
import { ownedAgentSchema } from './customAgents.ts';
import { evmAddressSchema } from './evmAddress.ts';
import { ledgerEntrySchema } from './ledger.ts';
import { pointsSchema } from './points.ts';

/** The longest nickname; an admin search longer than this can only be an address. */
export const NICKNAME_MAX_LENGTH = 24;

/** A nickname: 3–24 letters, digits, - or _, unique regardless of case. */
const nicknameSchema = z
  .string({ error: 'Nickname is required.' })
  .check(
    z.trim(),
    z.minLength(3, 'Nickname must be 3 to 24 characters.'),
    z.maxLength(NICKNAME_MAX_LENGTH, 'Nickname must be 3 to 24 characters.'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Nickname may use only letters, digits, - and _.'),
  );

/** Body of `PATCH /api/profile`. */
export const updateProfileBodySchema = z.object({ nickname: nicknameSchema });

/** A bet on the profile, with the match's players and result so it reads on its own. */
export const profileBetSchema = z.extend(betSchema, {
  players: z.tuple([z.string(), z.string()]),
  matchStatus: z.string(),
  result: z.nullable(z.enum(['first', 'second', 'draw'])),
});

/** Body of `GET /api/profile`: the signed-in user's account, bets, agents and ledger. */
export const profileSchema = z.object({
  userId: z.string(),
  address: evmAddressSchema,
  nickname: z.string(),
  balance: pointsSchema,
  isAdmin: z.boolean(),
  bets: z.array(profileBetSchema),
  agents: z.array(ownedAgentSchema),
  ledger: z.array(ledgerEntrySchema),
});

/** @see profileSchema */
export type Profile = z.infer<typeof profileSchema>;
/** @see profileBetSchema */
export type ProfileBet = z.infer<typeof profileBetSchema>;
