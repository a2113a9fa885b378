import { z } from 'zod';

/** `GET /api/admin/users?query=`: an optional search over address and nickname. */
export const adminUsersQuerySchema = z.object({
  query: z.string().trim().max(100).default(''),
});

/* One row of the admin user list. Balance is whole points as a decimal string (exact). */
const adminUserSchema = z.object({
  userId: z.string(),
  address: z.string(),
  nickname: z.string(),
  balance: z.string().regex(/^\d+$/),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});

/** `GET /api/admin/users` reply. */
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;
