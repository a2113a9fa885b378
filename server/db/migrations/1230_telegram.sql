-- The Telegram bot (issue 48): which chat a user is told in, how a chat is linked, and which
-- webhook updates were already handled.

-- One linked chat per user and one user per Telegram account and chat: linking again moves the
-- link. A private chat's id is its user's id, but both are kept, as Telegram documents them apart.
create table telegram_links (
  user_id uuid primary key references users (id) on delete cascade,
  telegram_user_id bigint not null unique,
  chat_id bigint not null unique,
  linked_at timestamptz not null
);

-- One-time codes a profile makes for `/start <code>`: only their SHA-256 is kept, so a leaked
-- table links no one; a code is spent by setting used_at, once, before it expires.
create table telegram_link_codes (
  code_hash bytea primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
-- Expired codes are pruned by expiry, in bounded batches.
create index telegram_link_codes_expiry on telegram_link_codes (expires_at);

-- Telegram redelivers a webhook update it got no 200 for: each update id is handled once, by
-- whichever process inserts it first. Pruned by age once Telegram has stopped redelivering.
create table telegram_seen_updates (
  update_id bigint primary key,
  seen_at timestamptz not null
);
create index telegram_seen_updates_age on telegram_seen_updates (seen_at);
