-- Notifications (issue 48): an outbox of events written in the transaction that causes them,
-- fanned out to the people each concerns, gathered into messages and delivered per channel.

-- What happened, written in the causing transaction (server/db/stores/notificationEvents.ts):
-- a rolled-back event tells no one. The worker claims pending rows with `for update skip locked`
-- and marks them fanned out in the transaction that writes their items, so each is fanned out once.
create table notification_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('match-announced', 'tournament-started', 'tournament-final',
    'bet-settled', 'commission', 'tournament-entry', 'lost-on-time', 'ledger-check')),
  -- The match, tournament or agent it is about.
  subject_id text not null,
  -- The user whose action caused it: never told of it.
  actor_id uuid,
  payload jsonb not null default '{}',
  created_at timestamptz not null,
  fanned_out_at timestamptz
);
create index notification_events_pending on notification_events (id) where fanned_out_at is null;

-- One event for one recipient, waiting to be gathered into a message: a burst of them becomes
-- one notification, and a user at the per-minute cap keeps theirs here until it frees.
-- The primary key is the "once per recipient and event" guarantee.
create table notification_items (
  user_id uuid not null references users (id) on delete cascade,
  event_id bigint not null references notification_events (id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null,
  path text not null,
  created_at timestamptz not null,
  notification_id bigint,
  primary key (user_id, event_id)
);
create index notification_items_waiting on notification_items (user_id, created_at)
  where notification_id is null;

-- What the bell and the notifications page show: one message, for one user, newest first.
create table notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null,
  path text not null,
  created_at timestamptz not null,
  read_at timestamptz
);
create index notifications_by_user on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id) where read_at is null;

-- A user's choices per kind; a kind without a row keeps its default (core/protocol/notifications.ts).
create table notification_preferences (
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  enabled boolean not null,
  primary key (user_id, kind)
);

-- One notification on one channel beyond the app (push, telegram), keyed once per recipient,
-- channel and message. Claimed with a short lease: a process killed mid-send leaves it pending,
-- and another sends it when the lease lapses; a row marked sent is never sent again.
create table notification_deliveries (
  key text primary key,
  notification_id bigint not null references notifications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  channel text not null,
  status text not null default 'pending'
    check (status in ('pending', 'sent', 'no-recipient', 'failed')),
  attempts integer not null default 0,
  due_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  done_at timestamptz
);
create index notification_deliveries_due on notification_deliveries (due_at)
  where status = 'pending';
