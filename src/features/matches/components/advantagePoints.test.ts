import { describe, expect, it } from 'vitest';
import type { MatchMove } from '#core/protocol/matchMoves.ts';
import { advantagePoints, advantageText } from './advantagePoints.ts';

const turn = (ply: number, advantage?: number): MatchMove => ({
  ply,
  move: '4',
  agentId: ply % 2 === 1 ? 'a' : 'b',
  trace: {
    candidates: [],
    depth: 1,
    nodes: 1,
    chosen: '4',
    reason: 'r',
    ...(advantage === undefined ? {} : { advantage }),
  },
  playedAt: '2026-11-25T00:00:00.000Z',
});

describe('advantagePoints', () => {
  it('turns the second player’s judgement round and skips moves without one', () => {
    expect(advantagePoints([turn(1, 0.2), turn(2, 0.5), turn(3), turn(4, -1)])).toEqual([
      { ply: 1, advantage: 0.2 },
      { ply: 2, advantage: -0.5 },
      { ply: 4, advantage: 1 },
    ]);
  });
});

describe('advantageText', () => {
  it("names the leader and the leader's winning chances", () => {
    const names = ['Ada', 'Pip'] as const;
    expect(advantageText(0.05, names)).toBe('even');
    expect(advantageText(0.3, names)).toBe('Ada 65%');
    expect(advantageText(-0.6, names)).toBe('Pip 80%');
    expect(advantageText(-1, names)).toBe('Pip winning');
  });
});
