// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { AdvantageChart } from './AdvantageChart.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const turn = (ply: number, advantage: number): MatchMove => ({
  ply,
  move: '4',
  agentId: ply % 2 === 1 ? 'a' : 'b',
  trace: { candidates: [], depth: 1, nodes: 1, chosen: '4', reason: 'r', advantage },
  playedAt: '2026-11-25T00:00:00.000Z',
});
const turns = [turn(1, 0.3), turn(2, 0.6)];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(onSelect?: (ply: number) => void): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <AdvantageChart
        turns={turns}
        names={['Ada', 'Pip']}
        shown={2}
        {...(onSelect ? { onSelect } : {})}
      />,
    ),
  );
  return container;
}

describe('AdvantageChart', () => {
  it('says the winning chances move by move in a named table whose moves are buttons', () => {
    const selected: number[] = [];
    const table = render((ply) => selected.push(ply)).querySelector('details table');
    expect(table?.className).toBe('advantage-table');
    expect(table?.querySelector('caption')?.textContent).toBe('Winning chances after each move');
    const headers = [...(table?.querySelectorAll('thead th[scope="col"]') ?? [])];
    expect(headers.map((th) => th.textContent)).toEqual(['Move', 'Chances']);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
    expect(rows.map((row) => row.textContent)).toEqual(['1Ada 65%', '2Pip 80%']);
    const buttons = table?.querySelectorAll('button');
    act(() => (buttons?.[1] as HTMLButtonElement | undefined)?.click());
    expect(selected).toEqual([2]);
  });

  it('shows plain move numbers when the replay cannot jump', () => {
    const table = render().querySelector('details table');
    expect(table?.querySelectorAll('button')).toHaveLength(0);
    expect(table?.querySelector('tbody td')?.textContent).toBe('1');
  });
});
