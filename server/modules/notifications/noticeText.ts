import type { NotificationKind } from '#core/protocol/notifications.ts';

/**
 * The words of notifications, pure: one event for one recipient (an item), and a user's waiting
 * items gathered into one message (a burst becomes one notification).
 */

/** One event as one recipient will read it. */
export interface NoticeItem {
  kind: NotificationKind;
  title: string;
  body: string;
  path: string;
}

/** The pages notices link to (src/app/routes.tsx). */
export const noticePaths = {
  match: (matchId: string) => `/games/sessions/${encodeURIComponent(matchId)}`,
  tournament: (tournamentId: string) => `/games/tournaments/${encodeURIComponent(tournamentId)}`,
  agent: (agentId: string) => `/agents/${encodeURIComponent(agentId)}`,
  activeGames: '/games',
  notifications: '/notifications',
  admin: '/admin',
} as const;

/** "in 45 s", "in 3 min", or "now": how long until `at`, seen from `from`. */
export function untilText(at: Date, from: Date): string {
  const seconds = Math.round((at.getTime() - from.getTime()) / 1000);
  if (seconds <= 0) return 'now';
  if (seconds < 90) return `in ${seconds} s`;
  return `in ${Math.round(seconds / 60)} min`;
}

/** "1 point", "250 points". */
export function pointsText(amount: bigint | number): string {
  return `${amount} point${amount === 1 || amount === 1n ? '' : 's'}`;
}

/** What a followed agent's announced match says: who plays whom, and when betting closes. */
export function matchAnnouncedItem(match: {
  matchId: string;
  agentName: string;
  opponentName: string;
  startsAt: Date | null;
  announcedAt: Date;
}): NoticeItem {
  const closes = match.startsAt
    ? `Betting closes ${untilText(match.startsAt, match.announcedAt)}.`
    : 'It has started.';
  return {
    kind: 'followed-match',
    title: `${match.agentName} plays ${match.opponentName}`,
    body: `${match.agentName}, which you follow, plays ${match.opponentName}. ${closes}`,
    path: noticePaths.match(match.matchId),
  };
}

/** A user's bets on one match, settled: what they staked and what came back. */
export function betSettledItem(bets: {
  matchId: string;
  players: string;
  outcome: 'won' | 'lost' | 'refunded';
  staked: bigint;
  paid: bigint;
}): NoticeItem {
  const body =
    bets.outcome === 'won'
      ? `You won ${pointsText(bets.paid - bets.staked)} (paid ${pointsText(bets.paid)}).`
      : bets.outcome === 'lost'
        ? `You lost ${pointsText(bets.staked)}.`
        : `Your ${pointsText(bets.staked)} were refunded.`;
  const title =
    bets.outcome === 'won'
      ? `Bet won: ${bets.players}`
      : bets.outcome === 'lost'
        ? `Bet lost: ${bets.players}`
        : `Bet refunded: ${bets.players}`;
  return { kind: 'bet-settled', title, body, path: noticePaths.match(bets.matchId) };
}

/**
 * One message for a user's waiting items: the item itself when alone; a burst of one kind
 * summed up in its own words ("3 agents you follow play soon"); a mix counted.
 */
export function gatheredNotice(items: readonly NoticeItem[]): NoticeItem {
  const [first] = items;
  if (!first) throw new Error('A notice gathers at least one item.');
  if (items.length === 1) return first;
  const kinds = new Map<NotificationKind, number>();
  for (const item of items) kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
  const [mostKind] = [...kinds].sort((a, b) => b[1] - a[1])[0] ?? [first.kind];
  const paths = new Set(items.map((item) => item.path));
  const path = paths.size === 1 ? first.path : undefined;
  const body = items.map((item) => item.title).join(' · ');
  if (kinds.size === 1) {
    const count = items.length;
    const title = sameKindTitle(first.kind, count);
    const fallback =
      first.kind === 'followed-match' ? noticePaths.activeGames : noticePaths.notifications;
    return { kind: first.kind, title, body, path: path ?? fallback };
  }
  return {
    kind: mostKind,
    title: `${items.length} new notifications`,
    body,
    path: path ?? noticePaths.notifications,
  };
}

function sameKindTitle(kind: NotificationKind, count: number): string {
  switch (kind) {
    case 'followed-match':
      return `${count} matches of agents you follow start soon`;
    case 'followed-tournament':
      return `${count} tournaments you follow moved on`;
    case 'bet-settled':
      return `${count} of your bets were settled`;
    case 'commission':
      return `Your agents earned ${count} commissions`;
    case 'tournament-entry':
      return `${count} tournament entries`;
    case 'lost-on-time':
      return `Your agents lost ${count} matches on time`;
    case 'ledger-check':
      return `${count} ledger checks failed`;
  }
}
