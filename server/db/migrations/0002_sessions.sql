-- Cookie sessions: a visitor's pre-sign-in session holds nonces; signing in replaces it with a
-- new session naming the user. Only a SHA-256 of the cookie token is stored.
create table sessions (
  token_hash text primary key,
  user_id uuid references users (id) on delete cascade,
  chain_id integer,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null
);
create index sessions_expires_at on sessions (expires_at);
create index sessions_user_id on sessions (user_id);

-- Sign-in nonces: single use, bound to the session that asked for them.
create table auth_nonces (
  nonce text primary key,
  session_hash text not null references sessions (token_hash) on delete cascade,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index auth_nonces_expires_at on auth_nonces (expires_at);
create index auth_nonces_session_hash on auth_nonces (session_hash);
