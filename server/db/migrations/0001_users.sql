-- Signed-in people. Addresses are stored lowercased; balance is whole platform points.
create table users (
  id uuid primary key default gen_random_uuid(),
  address text not null unique check (address = lower(address)),
  nickname text not null unique,
  balance bigint not null default 1000 check (balance >= 0),
  is_admin boolean not null default false,
  created_at timestamptz not null default now()
);
