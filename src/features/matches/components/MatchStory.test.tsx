// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { VerdictGrade } from '#core/games/verdict.ts';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { MatchStory } from './MatchStory.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const turn = (ply: number, move: string, grade?: VerdictGrade): MatchMove => ({
  ply,
  move,
  agentId: ply % 2 === 1 ? 'a' : 'b',
  trace: { candidates: [], depth: 1, nodes: 1, chosen: move, reason: 'r' },
  ...(grade
    ? {
        verdict: {
          grade,
          exact: true,
          unit: 'plies',
          best: { result: 'win', by: 9 },
          played: grade === 'blunder' ? { result: 'loss', by: 4 } : { result: 'win', by: 9 },
        },
      }
    : {}),
  playedAt: '2026-11-27T00:00:00.000Z',
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(turns: MatchMove[], onSelect: (ply: number) => void) {
  const container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      {
        path: '/games/sessions/:id',
        element: (
          <MatchStory game="connect4" turns={turns} names={['Ada', 'Pip']} onSelect={onSelect} />
        ),
      },
    ],
    { initialEntries: ['/games/sessions/m1'] },
  );
  root = createRoot(container);
  act(() => root?.render(<RouterProvider router={router} />));
  return { container, router };
}

describe('MatchStory', () => {
  it('says each side’s accuracy and links the turning point into the replay', () => {
    const selected: number[] = [];
    const { container, router } = render(
      [turn(1, '4', 'best'), turn(2, '3', 'good'), turn(3, '5', 'best'), turn(4, '1', 'blunder')],
      (ply) => selected.push(ply),
    );
    const text = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(text('story-accuracy-1')).toBe('100% (2 of 2 judged moves kept the value)');
    expect(text('story-accuracy-2')).toBe('50% (1 of 2 judged moves kept the value)');
    expect(text('story-turning-point')).toBe('Move 4: Pip played column 1 (blunder)');
    const link = container.querySelector<HTMLAnchorElement>('[data-testid="story-move-4"]');
    expect(link?.getAttribute('href')).toBe('/games/sessions/m1?move=4');
    act(() => link?.click());
    expect(selected).toEqual([4]);
    expect(router.state.location.search).toBe('?move=4');
  });

  it('tells nothing of a match none of whose moves was judged', () => {
    const { container } = render([turn(1, '4'), turn(2, '4')], () => {});
    expect(container.textContent).toBe('');
  });
});
