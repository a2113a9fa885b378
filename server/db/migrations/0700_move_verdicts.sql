-- The server's verdict on each move (core/games/verdict.ts), computed once beside the move and
-- stored with it; null where the game could not judge it within budget, and on older moves.
alter table match_moves add column verdict jsonb;
