import { isGameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { Queryable } from '#server/db/database.ts';
import {
  betSettledItem,
  matchAnnouncedItem,
  type NoticeItem,
  noticePaths,
  pointsText,
} from './noticeText.ts';

/** An event as the worker claims it from the outbox. */
export interface ClaimedEvent {
  id: string;
  kind: string;
  subject_id: string;
  actor_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** One recipient's item of one event. */
export interface RecipientItem extends NoticeItem {
  userId: string;
}

/**
 * Who hears of an event and what each reads: followers of the agents or the tournament, the
 * bettors, the owner, or the admins. Read when the event is fanned out, so a follow made
 * between the event and its fan-out counts; the actor is removed by the caller.
 */
export async function recipientsOf(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  switch (event.kind) {
    case 'match-announced':
      return matchFollowers(tx, event);
    case 'tournament-started':
    case 'tournament-final':
      return tournamentFollowers(tx, event);
    case 'bet-settled':
      return bettors(tx, event);
    case 'commission':
      return commissionOwner(tx, event);
    case 'tournament-entry':
      return entryWatchers(tx, event);
    case 'lost-on-time':
      return lateOwner(tx, event);
    case 'ledger-check':
      return admins(tx);
    default:
      return [];
  }
}

async function matchFollowers(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const { rows } = await tx.query<{
    user_id: string;
    agent_name: string;
    opponent_name: string;
    starts_at: Date | null;
  }>(
    `select f.user_id::text, a.name as agent_name, o.name as opponent_name, m.starts_at
     from matches m
       join agents a on a.id in (m.first_agent_id, m.second_agent_id)
       join agents o on o.id in (m.first_agent_id, m.second_agent_id) and o.id <> a.id
       join follows f on f.target_kind = 'agent' and f.target_id = a.id
     where m.id = $1
     order by f.user_id, a.id = m.first_agent_id desc`,
    [event.subject_id],
  );
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    // A user who follows both players hears of the match once.
    if (seen.has(row.user_id)) return [];
    seen.add(row.user_id);
    const item = matchAnnouncedItem({
      matchId: event.subject_id,
      agentName: row.agent_name,
      opponentName: row.opponent_name,
      startsAt: row.starts_at && new Date(row.starts_at),
      announcedAt: new Date(event.created_at),
    });
    return [{ userId: row.user_id, ...item }];
  });
}

async function tournamentName(tx: Queryable, tournamentId: string): Promise<string | null> {
  const { rows } = await tx.query<{ game: string; format: string }>(
    'select game, format from tournaments where id = $1::uuid',
    [tournamentId],
  );
  const row = rows[0];
  if (!row) return null;
  const game = isGameId(row.game) ? GAME_NAMES[row.game] : row.game;
  const format =
    row.format === 'round-robin' ? 'round robin' : row.format === 'swiss' ? 'Swiss' : 'knockout';
  return `${game} ${format}`;
}

async function tournamentFollowers(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const name = await tournamentName(tx, event.subject_id);
  if (!name) return [];
  const { rows } = await tx.query<{ user_id: string }>(
    `select user_id::text from follows where target_kind = 'tournament' and target_id = $1`,
    [event.subject_id],
  );
  const started = event.kind === 'tournament-started';
  return rows.map((row) => ({
    userId: row.user_id,
    kind: 'followed-tournament',
    title: started ? `${name} has started` : `${name}: the final`,
    body: started
      ? `The ${name} you follow has started its first round.`
      : `The ${name} you follow has reached its final round.`,
    path: noticePaths.tournament(event.subject_id),
  }));
}

async function bettors(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const { rows } = await tx.query<{
    user_id: string;
    players: string;
    staked: string;
    paid: string;
    won: boolean;
    refunded: boolean;
  }>(
    `select b.user_id::text, a1.name || ' vs ' || a2.name as players,
       sum(b.amount)::text as staked, sum(coalesce(b.payout, 0))::text as paid,
       bool_or(b.status = 'won') as won, bool_and(b.status = 'refunded') as refunded
     from bets b join matches m on m.id = b.match_id
       join agents a1 on a1.id = m.first_agent_id join agents a2 on a2.id = m.second_agent_id
     where b.match_id = $1 and b.status <> 'open'
     group by b.user_id, a1.name, a2.name`,
    [event.subject_id],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    ...betSettledItem({
      matchId: event.subject_id,
      players: row.players,
      outcome: row.refunded ? 'refunded' : row.won ? 'won' : 'lost',
      staked: BigInt(row.staked),
      paid: BigInt(row.paid),
    }),
  }));
}

async function commissionOwner(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const { ownerId, matchId, amount } = event.payload as Record<string, string>;
  const { rows } = await tx.query<{ name: string }>('select name from agents where id = $1', [
    event.subject_id,
  ]);
  const name = rows[0]?.name;
  if (!ownerId || !matchId || !amount || !name) return [];
  return [
    {
      userId: ownerId,
      kind: 'commission',
      title: `${name} earned ${pointsText(BigInt(amount))}`,
      body: `${name} earned you ${pointsText(BigInt(amount))} of betting commission.`,
      path: noticePaths.match(matchId),
    },
  ];
}

async function entryWatchers(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const tournamentId = String(event.payload.tournamentId ?? '');
  const name = await tournamentName(tx, tournamentId);
  if (!name) return [];
  // The owner and the agent's followers (owners follow their own from the start).
  const { rows } = await tx.query<{ user_id: string; agent_name: string }>(
    `select f.user_id::text, a.name as agent_name from agents a
       join follows f on f.target_kind = 'agent' and f.target_id = a.id where a.id = $1
     union
     select a.owner_id::text, a.name from agents a where a.id = $1 and a.owner_id is not null`,
    [event.subject_id],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    kind: 'tournament-entry',
    title: `${row.agent_name} entered a tournament`,
    body: `${row.agent_name} was entered in the ${name}.`,
    path: noticePaths.tournament(tournamentId),
  }));
}

async function lateOwner(tx: Queryable, event: ClaimedEvent): Promise<RecipientItem[]> {
  const matchId = String(event.payload.matchId ?? '');
  const { rows } = await tx.query<{ owner_id: string; name: string }>(
    'select owner_id::text, name from agents where id = $1 and owner_id is not null',
    [event.subject_id],
  );
  return rows.map((row) => ({
    userId: row.owner_id,
    kind: 'lost-on-time',
    title: `${row.name} lost on time`,
    body: `${row.name} did not move in time and lost the match.`,
    path: noticePaths.match(matchId),
  }));
}

async function admins(tx: Queryable): Promise<RecipientItem[]> {
  const { rows } = await tx.query<{ id: string }>(
    'select id::text from users where is_admin order by users.id limit 100',
  );
  return rows.map((row) => ({
    userId: row.id,
    kind: 'ledger-check',
    title: 'The ledger check failed',
    body: 'The ledger totals disagree: open the admin page to see the figures.',
    path: noticePaths.admin,
  }));
}
