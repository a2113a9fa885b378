// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KnockoutBracket } from './KnockoutBracket.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

describe('KnockoutBracket', () => {
  it('draws a column a stage, its replay in it, marks who went through in words, and links every game', () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const names = new Map([
      ['a', 'Ada'],
      ['b', 'Blitz'],
      ['c', 'Juno'],
    ]);
    // As the runner plays it: the semi-final's replay is a round of its own.
    const rounds = [
      {
        number: 1,
        pairings: [{ first: 'a', second: 'b', matchId: 'm1', result: 'draw' as const }],
        byes: ['c'],
      },
      {
        number: 2,
        pairings: [{ first: 'b', second: 'a', matchId: 'm2', result: 'second' as const }],
        byes: [],
      },
      {
        number: 3,
        pairings: [{ first: 'a', second: 'c', matchId: 'm3', result: null }],
        byes: [],
      },
    ];
    act(() =>
      root?.render(
        <MemoryRouter>
          <KnockoutBracket rounds={rounds} names={names} />
        </MemoryRouter>,
      ),
    );
    const columns = [...container.querySelectorAll('.bracket-round')];
    expect(columns.map((column) => column.querySelector('h3')?.textContent)).toEqual([
      'Semi-finals',
      'Final',
    ]);
    const [tie, bye] = [...columns[0]!.querySelectorAll('.bracket-tie')];
    expect(tie?.querySelector('.bracket-winner')?.textContent).toBe('Ada (through)');
    expect(
      [...(tie?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href')),
    ).toEqual(['/games/sessions/m1', '/games/sessions/m2']);
    expect(bye?.textContent).toBe('Junobye');
    // the final is under way: no one through yet, and its game is there to watch
    const final = columns[1]!.querySelector('.bracket-tie');
    expect(final?.querySelector('.bracket-winner')).toBeNull();
    expect(final?.querySelector('a')?.textContent).toBe('Watch');
  });
});
