-- One's own agents and bots are followed from the start (issue 48): new ones by the transaction
-- that creates them (server/db/stores/follows.ts), those made before this release here. Built-in
-- agents have no owner; retired agents are left out, as nothing more happens to them.
insert into follows (user_id, target_kind, target_id, created_at)
select a.owner_id, 'agent', a.id, a.created_at
from agents a
where a.owner_id is not null and a.kind in ('custom', 'bot') and a.retired_at is null
on conflict do nothing;
