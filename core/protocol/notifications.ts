import * as z from 'zod/mini';

/**
 * The kinds of notification a user turns on or off (issue 48). Every kind is on unless the user
 * turns it off, except commissions: an agent that draws bets earns on most of its matches, and a
 * message per match would drown the rest; its owner sees them in the ledger anyway.
 */
export const NOTIFICATION_KINDS = [
  'followed-match',
  'followed-tournament',
  'bet-settled',
  'commission',
  'tournament-entry',
  'lost-on-time',
  'ledger-check',
] as const;

/** One of NOTIFICATION_KINDS. */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** @see notificationKindSchema */
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Whether each kind is on for a user who never chose. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<Record<NotificationKind, boolean>> = {
  'followed-match': true,
  'followed-tournament': true,
  'bet-settled': true,
  commission: false,
  'tournament-entry': true,
  'lost-on-time': true,
  'ledger-check': true,
};

/** One notification as the bell's page lists it; `path` is the page it links to. */
export const notificationSchema = z.object({
  id: z.string().check(z.regex(/^[0-9]+$/)),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  path: z.string().check(z.startsWith('/')),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});

/** @see notificationSchema */
export type Notification = z.infer<typeof notificationSchema>;

/** Query of `GET /api/notifications`: a page older than the cursor `before` (an id). */
export const notificationPageQuerySchema = z.object({
  before: z.optional(
    z.string().check(z.regex(/^[0-9]{1,18}$/, 'The cursor is not a notification id.')),
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});

/** Body of `GET /api/notifications`: newest first, and the cursor of the next page if any. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.nullable(z.string()),
});

/** @see notificationPageSchema */
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Body of the unread count and of the mark-read answers. */
export const unreadCountSchema = z.object({ unread: z.int().check(z.nonnegative()) });

/** Body of `GET /api/notifications/preferences`, and the answer to a `PUT`. */
export const notificationPreferencesSchema = z.object({
  preferences: z.record(notificationKindSchema, z.boolean()),
});

/** Body of `PUT /api/notifications/preferences`: the kinds to change, the rest as they are. */
export const updateNotificationPreferencesBodySchema = z.object({
  preferences: z.partialRecord(notificationKindSchema, z.boolean()),
});
