// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { poolsQueryOptions } from '#src/lib/queries/poolsQueryOptions.ts';
import { useLateVerdicts } from './useLateVerdicts.ts';
import { type MatchStreamState, useMatchStream } from './useMatchStream.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The browser's EventSource as the hooks meet it: events by name, none once closed. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  closed = false;
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** An error status (a stream cap's 429): the browser gives up on this source for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  send(event: string, data: unknown) {
    if (!this.closed) this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
}

const verdict = { grade: 'mistake', exact: false, unit: 'chances', best: 61, played: 38 };
const result = {
  matchId: 'm1',
  status: 'finished',
  result: 'first',
  moves: '1',
  plies: 1,
  endedAt: '2026-01-01T00:00:00.000Z',
  resultCells: [],
};

interface Seen {
  stream: MatchStreamState;
  verdicts: ReturnType<typeof useLateVerdicts>['verdicts'];
}

/** The watch page's pair of hooks (`listening`), or a board's stream alone. */
function Probe(props: { listening: boolean; seen: (state: Seen) => void }) {
  const late = useLateVerdicts('m1');
  const stream = useMatchStream(
    'm1',
    true,
    0,
    undefined,
    props.listening ? late.listen : undefined,
  );
  props.seen({ stream, verdicts: late.verdicts });
  return null;
}

async function render(listening: boolean) {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.opened = [];
  let seen: Seen | undefined;
  const root = createRoot(document.createElement('div'));
  const queryClient = new QueryClient();
  await act(async () =>
    root.render(
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(Probe, { listening, seen: (state) => (seen = state) }),
      ),
    ),
  );
  const source = FakeEventSource.opened[0]!;
  const sendAll = (events: [string, unknown][]) =>
    act(async () => {
      for (const [event, data] of events) source.send(event, data);
    });
  return {
    source,
    sendAll,
    queryClient,
    seen: () => seen!,
    unmount: () => act(async () => root.unmount()),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useMatchStream', () => {
  // Regression (issue 27): the page closed its stream on the result, so the verdict on the last
  // move, judged after the end, showed only on reload.
  it('keeps the watch page’s stream after the result, merging late verdicts, until `end`', async () => {
    const page = await render(true);
    await page.sendAll([
      [MATCH_EVENT.move, { matchId: 'm1', ply: 1, moves: '1' }],
      [MATCH_EVENT.result, result],
      [MATCH_EVENT.verdict, { matchId: 'm1', ply: 1, verdict }],
    ]);
    expect(page.seen().stream.result).toMatchObject({ result: 'first' });
    expect(page.seen().verdicts.get(1)?.verdict).toEqual(verdict);
    expect(page.source.closed).toBe(false);
    await page.sendAll([[MATCH_EVENT.end, { matchId: 'm1' }]]);
    expect(page.source.closed).toBe(true);
    await page.unmount();
  });

  it('closes a board’s stream on the result: it listens for nothing after it', async () => {
    const board = await render(false);
    await board.sendAll([[MATCH_EVENT.result, result]]);
    expect(board.seen().stream.result).toMatchObject({ result: 'first' });
    expect(board.source.closed).toBe(true);
    await board.unmount();
  });

  // Regression (issue 46): a page whose stream broke during a rush kept the pools it held; the
  // stream it comes back to opens with where they stand, and the betting panel shows those.
  it('takes the pools a reopened stream opens with', async () => {
    const board = await render(false);
    const pools = (bets: number, first: number) => ({
      matchId: 'm1',
      open: true,
      commissionPct: 5,
      pools: { first, second: 0, draw: 0 },
      odds: { first: 0.95, second: null, draw: null },
      bets,
    });
    const held = () => board.queryClient.getQueryData(poolsQueryOptions('m1').queryKey);
    await board.sendAll([[MATCH_EVENT.pools, pools(1, 10)]]);
    expect(held()).toMatchObject({ bets: 1 });
    vi.useFakeTimers();
    await act(async () => board.source.refuse());
    await act(async () => vi.advanceTimersByTime(7_500));
    const reopened = FakeEventSource.opened[1]!;
    await act(async () => {
      reopened.send(MATCH_EVENT.spectators, { count: 3 });
      reopened.send(MATCH_EVENT.pools, pools(120, 1_200));
    });
    expect(held()).toMatchObject({ bets: 120, pools: { first: 1_200 } });
    await board.unmount();
  });

  // Regression (issue 26): a watch page refused by the stream caps froze on its last move, as the
  // browser never retries an EventSource answered with an error status.
  it('opens a refused stream again later, resuming after the last move it holds', async () => {
    const board = await render(false);
    await board.sendAll([
      [MATCH_EVENT.move, { matchId: 'm1', ply: 1, moves: '1' }],
      [MATCH_EVENT.move, { matchId: 'm1', ply: 2, moves: '12' }],
    ]);
    vi.useFakeTimers();
    await act(async () => board.source.refuse());
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(7_500));
    const reopened = FakeEventSource.opened[1]!;
    expect(reopened.url).toBe('/api/matches/m1/events?lastEventId=2');
    await act(async () => {
      reopened.send(MATCH_EVENT.move, { matchId: 'm1', ply: 2, moves: '12' });
      reopened.send(MATCH_EVENT.move, { matchId: 'm1', ply: 3, moves: '123' });
    });
    expect(board.seen().stream.moves.map((move) => move.ply)).toEqual([1, 2, 3]);
    await board.unmount();
    expect(reopened.closed).toBe(true);
  });
});
