import * as z from 'zod/mini';
import { isEvmAddress } from '#core/validate/address.ts';
import { evmAddressSchema } from './evmAddress.ts';
import { NICKNAME_MAX_LENGTH } from './profile.ts';

/** What an admin is told when a search reads as an address but is not a well-formed one. */
export const NOT_AN_ADDRESS_SEARCH =
  'A search starting with 0x and longer than a nickname is read as an address, and this is not one: an address is 0x and 40 hex digits.';

/** The fewest characters a search may have: the database finds text by its three-letter runs. */
export const USER_SEARCH_MIN_LENGTH = 3;

/** What an admin is told when a search is too short to narrow anything. */
export const USER_SEARCH_TOO_SHORT = `Type at least ${USER_SEARCH_MIN_LENGTH} characters to search, or none for the newest users.`;

/**
 * Whether an admin search is meant as a whole address: it starts with 0x and is longer than any
 * nickname, so it can only match an address. Shorter text (a nickname like "0xCafe", or part of an
 * address) stays an ordinary search.
 */
function isAddressSearch(search: string): boolean {
  return /^0x/i.test(search) && search.length > NICKNAME_MAX_LENGTH;
}

/**
 * Whether an admin search can be sent: anything that is not meant as an address, and an address
 * search only when it is one by the EVM rule.
 */
function isValidUserSearch(search: string): boolean {
  return !isAddressSearch(search) || isEvmAddress(search);
}

/**
 * Whether a search is long enough: empty (the newest users) or three characters and more. One or
 * two characters are in nearly every address, so they narrow nothing, and a trigram index cannot
 * serve them: the search would read every user.
 */
function isLongEnough(search: string): boolean {
  return search === '' || search.length >= USER_SEARCH_MIN_LENGTH;
}

/** Why an admin search cannot be sent (the trimmed text), or null when it can. */
export function userSearchProblem(search: string): string | null {
  if (!isLongEnough(search)) return USER_SEARCH_TOO_SHORT;
  return isValidUserSearch(search) ? null : NOT_AN_ADDRESS_SEARCH;
}

/** `GET /api/admin/users?query=`: an optional search over address and nickname. */
export const adminUsersQuerySchema = z.object({
  query: z
    ._default(z.string().check(z.trim(), z.maxLength(100)), '')
    .check(
      z.refine(isLongEnough, USER_SEARCH_TOO_SHORT),
      z.refine(isValidUserSearch, NOT_AN_ADDRESS_SEARCH),
    ),
});

/* One row of the admin user list. Balance is whole points as a decimal string (exact). */
const adminUserSchema = z.object({
  userId: z.string(),
  address: evmAddressSchema,
  nickname: z.string(),
  balance: z.string().check(z.regex(/^\d+$/)),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});

/** `GET /api/admin/users` reply. */
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;
