-- Which server process stored each move: the audit trail that shows a match was played by one
-- owner at a time (the lease decides who may play; this records who did).
alter table match_moves add column owner text;
