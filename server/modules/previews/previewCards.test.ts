import { describe, expect, it } from 'vitest';
import { matchCard } from './previewCards.ts';

const row = {
  id: 'm1',
  first_name: 'Ada',
  second_name: 'Bob',
  result: null,
} as const;

describe('a match’s preview card', () => {
  it('shows a live Othello match’s score beside its board', () => {
    const card = matchCard({ ...row, game: 'othello', status: 'live', moves: 'd3' });
    expect(card.version).toBe('1l');
    const content = card.content();
    expect(content.lines).toEqual(['Live now, move 2', 'Score 4 – 1']);
    expect(content.board?.cells.filter((cell) => cell === 'first')).toHaveLength(4);
  });

  it('names the winner and the game’s reason, with no score where the game keeps none', () => {
    const card = matchCard({
      ...row,
      game: 'connect4',
      status: 'finished',
      moves: '4455667',
      result: 'first',
    });
    expect(card.title).toBe('Ada vs Bob · Connect Four');
    expect(card.content().lines).toEqual(['Ada won in 7 moves (four in a row)']);
  });
});
