import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { betRetryDelayMs } from '#core/betting/betRetry.ts';
import { BET_SIDES, type BetSide } from '#core/betting/parimutuel.ts';
import { formatThousands } from '#core/format/balance.ts';
import { OWN_AGENT_PLAYS } from '#core/protocol/bets.ts';
import { myBetsQueryOptions } from '#src/features/betting/api/myBetsQueryOptions.ts';
import { placeBet, retriesBet } from '#src/features/betting/api/placeBet.ts';
import { poolsQueryOptions } from '#src/lib/queries/poolsQueryOptions.ts';
import { DataTable } from '#src/lib/table/DataTable.tsx';
import { toast } from '#src/lib/toast.ts';
import './betting.css';

/** The signed-in user's query key (the header balance reads it); shared by name, not import. */
const ME_QUERY_KEY = ['me'] as const;

const newKey = () => crypto.randomUUID();

/**
 * Pools, implied odds and, while the match takes bets, a form to back a side. One idempotency key
 * lives until a bet succeeds, so a double click or a retried request places one bet.
 */
export function BettingPanel({
  matchId,
  names,
}: {
  matchId: string;
  names: readonly [string, string];
}) {
  const queryClient = useQueryClient();
  const pools = useQuery(poolsQueryOptions(matchId));
  const myBets = useQuery(myBetsQueryOptions(matchId));
  // A visitor's bets are null: not asked without a sign-in hint, or the server's 401.
  const signedIn = myBets.data != null;
  // The server refuses such a bet anyway; the panel says so before the owner tries.
  const ownAgentPlays = myBets.data?.ownAgentPlays === true;
  const settledBets = myBets.data?.items.filter((bet) => bet.status !== 'open').length ?? 0;
  // A settled bet changed the balance: the header reads it from the `me` query.
  useEffect(() => {
    if (settledBets > 0) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [settledBets, queryClient]);
  const [side, setSide] = useState<BetSide>('first');
  const [amount, setAmount] = useState('10');
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const mutation = useMutation({
    mutationFn: placeBet,
    // A bet that reached no process (one restarting behind nginx) goes again under its key.
    retry: retriesBet,
    retryDelay: betRetryDelayMs,
    onSuccess: async (placed) => {
      setIdempotencyKey(newKey());
      toast.success({ message: `Bet placed: ${formatThousands(placed.bet.amount)} points` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['pools', matchId] }),
        queryClient.invalidateQueries({ queryKey: ['bets', 'mine', matchId] }),
      ]);
    },
    onError: (error) => toast.error({ message: 'Bet not placed', description: error.message }),
  });

  if (!pools.data) return null;
  const { open, odds, commissionPct, pools: poolSizes } = pools.data;
  const labels: Record<BetSide, string> = { first: names[0], second: names[1], draw: 'Draw' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ matchId, side, amount: Number(amount), idempotencyKey });
  };

  return (
    <section className="betting-panel" aria-labelledby="betting-title">
      <h2 id="betting-title" className="section-title">
        Betting {open ? <span className="badge">Open</span> : <span className="badge">Closed</span>}
      </h2>
      <DataTable
        caption="Pools and odds"
        columns={[
          { header: 'Side', cell: (side) => labels[side], rowHeader: true },
          {
            header: 'Pool',
            cell: (side) => formatThousands(poolSizes[side]),
            cellTestId: (side) => `pool-${side}`,
          },
          {
            header: 'Odds',
            cell: (side) => {
              const sideOdds = odds[side];
              return sideOdds === null ? '—' : `${sideOdds.toFixed(2)}×`;
            },
          },
        ]}
        rows={BET_SIDES}
        rowKey={(side) => side}
        empty={null}
        className="pools"
        testId="pools"
      />
      <p className="hint">
        Parimutuel: winners share the pool; {commissionPct}% goes to the agents’ owners.
      </p>
      {open && signedIn && !ownAgentPlays ? (
        <form className="bet-form" onSubmit={submit}>
          <label>
            Side
            <select value={side} onChange={(event) => setSide(event.target.value as BetSide)}>
              {BET_SIDES.map((key) => (
                <option key={key} value={key}>
                  {labels[key]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Points
            <input
              type="number"
              min={1}
              step={1}
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={mutation.isPending}>
            {mutation.isPending ? 'Placing…' : 'Place bet'}
          </button>
        </form>
      ) : null}
      {open && !signedIn ? <p>Sign in to bet on this match.</p> : null}
      {open && ownAgentPlays ? (
        <p className="hint" data-testid="own-agent-plays">
          {OWN_AGENT_PLAYS}
        </p>
      ) : null}
      {myBets.data?.items.length ? (
        <ul className="my-bets" aria-label="Your bets">
          {myBets.data.items.map((bet) => (
            <li key={bet.id}>
              {formatThousands(bet.amount)} on {labels[bet.side]}: {bet.status}
              {bet.payout !== null && bet.status !== 'open'
                ? ` (${formatThousands(bet.payout)} back)`
                : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
