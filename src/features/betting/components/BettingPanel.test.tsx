// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { MyBets } from '#core/protocol/bets.ts';
import type { MatchPools } from '#core/protocol/pools.ts';
import { mountSignedIn } from '#src/testing/mountSignedIn.tsx';
import { BettingPanel } from './BettingPanel.tsx';

const MATCH_ID = 'match-0001';
const pools: MatchPools = {
  matchId: MATCH_ID,
  open: true,
  commissionPct: 5,
  pools: { first: 500, second: 0, draw: 0 },
  odds: { first: 0.95, second: null, draw: null },
  bets: 1,
};

/** A fake server answering the panel's two reads; every request it got as "METHOD path". */
function fakeServer(myBets: MyBets) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push(`${init.method ?? 'GET'} ${url}`);
      const body = url.startsWith('/api/bets') ? myBets : pools;
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

const mount = mountSignedIn();
let container: HTMLElement;

function render() {
  container = mount(<BettingPanel matchId={MATCH_ID} names={['Deep Drop', 'Sage']} />);
}

const text = () => container.textContent ?? '';

describe('BettingPanel', () => {
  it('tells an owner whose agent plays that they cannot bet, with no form to try', async () => {
    const requests = fakeServer({ items: [], ownAgentPlays: true });
    render();
    await vi.waitFor(() =>
      expect(text()).toContain(
        'You own an agent in this match, so you cannot bet on it: its result is in your hands.',
      ),
    );
    expect(container.querySelector('form')).toBeNull();
    expect(requests).not.toContain('POST /api/bets');
  });

  it('offers the form to anyone else signed in', async () => {
    fakeServer({ items: [], ownAgentPlays: false });
    render();
    await vi.waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    expect(container.querySelector('[data-testid="own-agent-plays"]')).toBeNull();
  });
});
