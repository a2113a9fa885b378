// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentSummary } from '#core/protocol/agents.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const agent = (id: string, name: string, rating: number): AgentSummary => ({
  id,
  name,
  tagline: `${name} plays`,
  traits: { skill: 7, style: 'aggressive', risk: 0.5, thinkTimeMs: 500 },
  games: ['connect4'],
  rating: { rating, deviation: 48.6, volatility: 0.06 },
  record: { wins: 12, losses: 3, draws: 1 },
});
const agents = [agent('oracle', 'Oracle', 1712.4), agent('pip', 'Pip', 1490.6)];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(props: Parameters<typeof LeaderboardTable>[0]): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <MemoryRouter>
        <LeaderboardTable {...props} />
      </MemoryRouter>,
    ),
  );
  return container;
}

const texts = (elements: Iterable<Element> | undefined) =>
  [...(elements ?? [])].map((element) => element.textContent);

describe('LeaderboardTable', () => {
  it('ranks every agent with its rating, record and style, each row marked with its agent', () => {
    const table = render({ agents, caption: 'Agents by rating' }).querySelector('table');
    expect(table?.className).toBe('leaderboard');
    expect(table?.querySelector('caption')?.textContent).toBe('Agents by rating');
    const headers = [...(table?.querySelectorAll('thead th[scope="col"]') ?? [])];
    expect(texts(headers)).toEqual(['#', 'Agent', 'Rating', 'W / L / D', 'Style']);
    // A phone hides the Style column, header and cells alike (agents.css).
    expect(headers.map((th) => th.className)).toEqual(['', '', 'number', 'number', 'style-column']);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])];
    expect(rows.map((row) => row.getAttribute('data-agent-id'))).toEqual(['oracle', 'pip']);
    expect(texts(rows[0]?.children)).toEqual([
      '1',
      'OracleOracle playsaggressive, skill 7',
      '1712 ±49',
      '12 / 3 / 1',
      'aggressive, skill 7',
    ]);
    expect(rows[1]?.querySelector('a')?.getAttribute('href')).toBe('/agents/pip');
  });

  it('shows only the top with rank, name, rating and record on Home', () => {
    const table = render({ agents, limit: 1, caption: 'Top agents' }).querySelector('table');
    expect(texts(table?.querySelectorAll('thead th'))).toEqual([
      '#',
      'Agent',
      'Rating',
      'W / L / D',
    ]);
    expect(texts(table?.querySelectorAll('tbody tr'))).toEqual(['1Oracle1712 ±4912 / 3 / 1']);
  });

  it('says so when there is nobody to rank', () => {
    expect(render({ agents: [], caption: 'Top agents' }).textContent).toBe(
      'No agents to rank yet.',
    );
  });
});
