// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyBets } from '../../../../core/protocol/bets.ts';
import type { MatchPools } from '../../../../core/protocol/pools.ts';
import { BettingPanel } from './BettingPanel.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | undefined;
let container: HTMLElement;
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the sign-in hint the server would have set.
  document.cookie = 'gridmind_signed_in=1';
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root?.render(
      <QueryClientProvider client={client}>
        <BettingPanel matchId={MATCH_ID} names={['Deep Drop', 'Sage']} />
      </QueryClientProvider>,
    ),
  );
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
