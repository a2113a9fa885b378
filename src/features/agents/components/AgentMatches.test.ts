import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '#core/protocol/matches.ts';
import { matchLine } from './AgentMatches.tsx';

const match = (over: Partial<MatchSummary>): MatchSummary => ({
  id: 'm',
  game: 'connect4',
  status: 'finished',
  players: [
    { agentId: 'bot-1', name: 'My Bot', rating: 1500 },
    { agentId: 'sage', name: 'Sage', rating: 1700 },
  ],
  moves: '',
  plies: 0,
  startedAt: '2026-11-25T12:00:00.000Z',
  ...over,
});

describe('a line of an agent’s recent matches', () => {
  it('says the result from the agent’s side, against whom, and a forfeit’s cause', () => {
    expect(matchLine(match({ result: 'first', reason: 'four-in-a-row' }), 'bot-1')).toBe(
      'Won against Sage',
    );
    expect(matchLine(match({ result: 'first' }), 'sage')).toBe('Lost against My Bot');
    expect(matchLine(match({ result: 'second', reason: 'timeout' }), 'bot-1')).toBe(
      'Lost against Sage on time',
    );
    expect(matchLine(match({ result: 'second', reason: 'illegal-move' }), 'bot-1')).toBe(
      'Lost against Sage by an illegal move',
    );
    expect(matchLine(match({ result: 'draw' }), 'sage')).toBe('Draw with My Bot');
    expect(matchLine(match({ status: 'live' }), 'bot-1')).toBe('Live against Sage');
    expect(matchLine(match({ status: 'cancelled' }), 'bot-1')).toBe('Cancelled, against Sage');
  });
});
