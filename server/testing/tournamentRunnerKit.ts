import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { MatchRunner } from '#server/modules/matches/runner/matchRunner.ts';
import type { Scheduler } from '#server/modules/matches/runner/scheduler.ts';
import { DecisionPool } from '#server/modules/matches/runner/workerPool.ts';
import { insertMatch, type NewMatch } from '#server/modules/matches/store/matchCreation.ts';
import type { MatchEndHook } from '#server/modules/matches/store/matchEnd.ts';
import { tournamentSweep } from '#server/modules/tournaments/runner/sweepTournaments.ts';
import { insertTournament } from './tournamentFixtures.ts';

/** Four built-in agents of the roster (syncRoster), all playing every game. */
export const FOUR_BUILT_INS = ['pip', 'bramble', 'juno', 'blitz'] as const;

/** A decision pool of one thread, loaded (its start is set-up's time, not a test's). */
export async function loadedDecisionPool(): Promise<DecisionPool> {
  const pool = new DecisionPool(1);
  await pool.loaded();
  return pool;
}

/** A clock the test moves; the runner's timers never fire, the test drives sweeps and moves. */
export function drivenScheduler(now: () => number): Scheduler {
  return { now, setTimeout: () => null, clearTimeout: () => {} };
}

/**
 * A runner playing tournaments only (no casual target unless `pace.liveMatches`), Connect Four,
 * no pause between moves nor betting window unless `pace` sets one (and its match-end hook); a tournament that fails to advance fails the test through `errors`.
 */
export function tournamentRunner(
  db: Database,
  decider: DecisionPool,
  ownerId: string,
  scheduler: Scheduler,
  errors: unknown[],
  pace: { liveMatches?: number; bettingWindowMs?: number; onMatchEnd?: MatchEndHook } = {},
): MatchRunner {
  return new MatchRunner({
    db,
    decider,
    ownerId,
    liveMatches: pace.liveMatches ?? 0,
    bettingWindowMs: pace.bettingWindowMs ?? 0,
    games: ['connect4'] satisfies GameId[],
    moveDelayMs: 0,
    verdictBudgetMs: 20,
    scheduler,
    ...(pace.onMatchEnd ? { onMatchEnd: pace.onMatchEnd } : {}),
    tournaments: tournamentSweep({
      onError: (error) => errors.push(error),
      schedule: false,
      games: ['connect4'],
    }),
  });
}

/**
 * A round robin of Connect Four starting at `startsAt` (house prize 100, table 70:30), its
 * engines thinking at most 100 ms a move (the least a tournament allows), with `builtIns` entered fee-free; returns its id.
 */
export async function quickRoundRobin(
  db: Database,
  startsAt: Date,
  builtIns: readonly string[],
  entryFee = 10,
): Promise<string> {
  const id = await insertTournament(db, { startsAt, housePrize: 100, entryFee });
  await db.query('update tournaments set think_time_ms = 100 where id = $1', [id]);
  for (const agentId of builtIns) {
    await db.query(
      `insert into tournament_entrants (tournament_id, agent_id, fee_paid, entered_at)
       values ($1, $2, 0, $3)`,
      [id, agentId, startsAt],
    );
  }
  return id;
}

/** The tournament's status. */
export async function tournamentStatus(db: Database, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    'select status from tournaments where id = $1',
    [id],
  );
  return rows[0]?.status;
}

/**
 * Sweeps each runner and plays every match it owns to its end, round after round, until the
 * tournament is over; returns the sweeps it took. `between` runs after each round (faults).
 */
export async function playTournament(
  db: Database,
  id: string,
  runners: () => readonly MatchRunner[],
  between: (sweep: number) => Promise<void> = async () => {},
): Promise<number> {
  for (let sweep = 0; sweep < 40; sweep++) {
    const status = await tournamentStatus(db, id);
    if (status === 'finished' || status === 'cancelled') return sweep;
    await Promise.all(runners().map((runner) => runner.sweep()));
    for (const runner of runners()) {
      for (const matchId of runner.ownedMatches()) while (await runner.playMove(matchId));
    }
    await between(sweep);
  }
  throw new Error(`tournament ${id} did not end in 40 sweeps`);
}

/** A tournament's games as stored: round, seats, status, result, moves and the plies stored. */
export async function storedGames(db: Database, id: string) {
  const { rows } = await db.query<{
    id: string;
    round: number;
    first: string;
    second: string;
    status: string;
    result: string | null;
    moves: string;
    game: GameId;
    plies: number;
  }>(
    `select m.id, m.tournament_round as round, m.first_agent_id as first,
       m.second_agent_id as second, m.status, m.result, m.moves, m.game,
       (select count(*)::int from match_moves mm where mm.match_id = m.id) as plies
     from matches m where m.tournament_id = $1 order by m.tournament_round, m.seq`,
    [id],
  );
  return rows;
}

/**
 * Throws unless every game of the tournament was created once and played once through: each
 * (round, seats) once, each finished, its stored moves one row per ply.
 */
export function assertEveryGameOnce(games: Awaited<ReturnType<typeof storedGames>>): void {
  const keys = new Set(games.map((game) => `${game.round} ${game.first} ${game.second}`));
  if (keys.size !== games.length) throw new Error('a game was created twice');
  for (const game of games) {
    if (game.status !== 'finished') throw new Error(`game ${game.id} is ${game.status}`);
    if (gameOf(game.game).decodeMoves(game.moves).length !== game.plies) {
      throw new Error(`game ${game.id}'s moves and stored plies differ`);
    }
  }
}

/** The runner's insert of a game, leased for 15 s from `nowMs`, as its sweep lends it. */
export function insertGame(tx: Queryable, game: NewMatch, nowMs: number): Promise<boolean> {
  return insertMatch(tx, game, new Date(nowMs), new Date(nowMs + 15_000));
}
