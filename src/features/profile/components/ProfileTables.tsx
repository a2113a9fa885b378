import { formatThousands } from '../../../../core/format/balance.ts';
import type { LedgerEntry } from '../../../../core/protocol/ledger.ts';
import type { Profile } from '../../../../core/protocol/profile.ts';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  welcome: 'Welcome grant',
  admin_grant: 'Granted by an admin',
  admin_deduct: 'Deducted by an admin',
  bet: 'Bet placed',
  payout: 'Bet won',
  refund: 'Stake refunded',
  commission: 'Commission earned',
  dust: 'Rounding',
};

const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatThousands(amount)}`;
const when = (iso: string) => new Date(iso).toLocaleString();

/** The user's bets with their matches and outcomes. */
export function BetsTable({ bets }: { bets: Profile['bets'] }) {
  if (bets.length === 0) return <p>No bets yet. Bet on an announced match from its watch page.</p>;
  return (
    <table className="data-table" data-testid="profile-bets">
      <thead>
        <tr>
          <th scope="col">Match</th>
          <th scope="col">Backed</th>
          <th scope="col">Stake</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {bets.map((bet) => (
          <tr key={bet.id}>
            <td>
              <a href={`/games/sessions/${bet.matchId}`}>
                {bet.players[0]} vs {bet.players[1]}
              </a>
            </td>
            <td>{bet.side === 'draw' ? 'Draw' : bet.players[bet.side === 'first' ? 0 : 1]}</td>
            <td>{formatThousands(bet.amount)}</td>
            <td>
              {bet.status === 'open' ? 'Waiting' : bet.status}
              {bet.payout ? ` (+${formatThousands(bet.payout)})` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The user's agents with records and what betters paid them. */
export function OwnedAgentsTable({ agents }: { agents: Profile['agents'] }) {
  if (agents.length === 0) return <p>You have no agents yet.</p>;
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col">Status</th>
          <th scope="col">Rating</th>
          <th scope="col">W / L / D</th>
          <th scope="col">Earnings</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => (
          <tr key={agent.id}>
            <td>
              <span className="agent-swatch" style={{ background: agent.color }} aria-hidden />{' '}
              <a href={`/agents/${agent.id}`}>{agent.name}</a>
            </td>
            <td>{agent.status}</td>
            <td>{agent.rating}</td>
            <td>
              {agent.record.wins} / {agent.record.losses} / {agent.record.draws}
            </td>
            <td>{formatThousands(agent.earnings)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The user's own ledger: every change of their balance, newest first. */
export function LedgerTable({ ledger }: { ledger: Profile['ledger'] }) {
  return (
    <table className="data-table" data-testid="profile-ledger">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {ledger.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.createdAt)}</td>
            <td>
              {KIND_LABELS[entry.kind]}
              {entry.kind.startsWith('admin') ? `: ${entry.reason}` : ''}
            </td>
            <td>{signed(entry.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
