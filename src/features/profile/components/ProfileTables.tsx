import { formatThousands } from '#core/format/balance.ts';
import type { LedgerEntry } from '#core/protocol/ledger.ts';
import type { Profile } from '#core/protocol/profile.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  welcome: 'Welcome grant',
  admin_grant: 'Granted by an admin',
  admin_deduct: 'Deducted by an admin',
  bet: 'Bet placed',
  payout: 'Bet won',
  refund: 'Stake refunded',
  commission: 'Commission earned',
  dust: 'Rounding',
  entry_fee: 'Tournament entry fee',
  entry_refund: 'Entry fee refunded',
  prize: 'Tournament prize',
  house_prize: 'House prize',
};

const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatThousands(amount)}`;
const when = (iso: string) => new Date(iso).toLocaleString();

type ProfileBet = Profile['bets'][number];
type ProfileAgent = Profile['agents'][number];
type ProfileLedgerEntry = Profile['ledger'][number];

const BET_COLUMNS: readonly DataTableColumn<ProfileBet>[] = [
  {
    header: 'Match',
    cell: (bet) => (
      <a href={`/games/sessions/${bet.matchId}`}>
        {bet.players[0]} vs {bet.players[1]}
      </a>
    ),
  },
  {
    header: 'Backed',
    cell: (bet) => (bet.side === 'draw' ? 'Draw' : bet.players[bet.side === 'first' ? 0 : 1]),
  },
  { header: 'Stake', cell: (bet) => formatThousands(bet.amount) },
  {
    header: 'Outcome',
    cell: (bet) =>
      `${bet.status === 'open' ? 'Waiting' : bet.status}${bet.payout ? ` (+${formatThousands(bet.payout)})` : ''}`,
  },
];

const AGENT_COLUMNS: readonly DataTableColumn<ProfileAgent>[] = [
  {
    header: 'Agent',
    cell: (agent) => (
      <>
        <span className="agent-swatch" style={{ background: agent.color }} aria-hidden />{' '}
        <a href={`/agents/${agent.id}`}>{agent.name}</a>
      </>
    ),
  },
  { header: 'Status', cell: (agent) => agent.status },
  { header: 'Rating', cell: (agent) => agent.rating },
  {
    header: 'W / L / D',
    cell: (agent) => `${agent.record.wins} / ${agent.record.losses} / ${agent.record.draws}`,
  },
  { header: 'Earnings', cell: (agent) => formatThousands(agent.earnings) },
];

const LEDGER_COLUMNS: readonly DataTableColumn<ProfileLedgerEntry>[] = [
  { header: 'When', cell: (entry) => when(entry.createdAt) },
  {
    header: 'What',
    cell: (entry) =>
      `${KIND_LABELS[entry.kind]}${entry.kind.startsWith('admin') ? `: ${entry.reason}` : ''}`,
  },
  { header: 'Points', cell: (entry) => signed(entry.amount) },
];

/** The user's bets with their matches and outcomes. */
export function BetsTable({ bets }: { bets: Profile['bets'] }) {
  return (
    <DataTable
      caption="Your bets"
      columns={BET_COLUMNS}
      rows={bets}
      rowKey={(bet) => bet.id}
      empty="No bets yet. Bet on an announced match from its watch page."
      testId="profile-bets"
    />
  );
}

/** The user's agents with records and what betters paid them. */
export function OwnedAgentsTable({ agents }: { agents: Profile['agents'] }) {
  return (
    <DataTable
      caption="Your agents"
      columns={AGENT_COLUMNS}
      rows={agents}
      rowKey={(agent) => agent.id}
      empty="You have no agents yet."
    />
  );
}

/** The user's own ledger: every change of their balance, newest first. */
export function LedgerTable({ ledger }: { ledger: Profile['ledger'] }) {
  return (
    <DataTable
      caption="Balance history"
      columns={LEDGER_COLUMNS}
      rows={ledger}
      rowKey={(entry) => entry.id}
      empty="No change to your balance yet."
      testId="profile-ledger"
    />
  );
}
