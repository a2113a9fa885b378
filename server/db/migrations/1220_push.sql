-- Web Push (issue 48). The VAPID key pair the server signs every push with: made once by the
-- first process that starts (insert ... on conflict do nothing) and kept, since every browser's
-- subscription is bound to the public key; a new pair would silence every subscribed device.
create table push_vapid_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null
);

-- A browser's push subscription. The endpoint is the device's address at its push service and
-- unique: the same browser subscribing again, even for another user, replaces its row.
create table push_subscriptions (
  endpoint text primary key check (length(endpoint) <= 1024),
  user_id uuid not null references users (id) on delete cascade,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null
);
-- A user's devices, newest first: what a notice is sent to, and the oldest dropped past the cap.
create index push_subscriptions_by_user on push_subscriptions (user_id, created_at desc);
