import { describe, expect, it } from 'vitest';
import { tournamentRules } from './rules.ts';

describe('tournamentRules', () => {
  it('states how each format pairs, orders the table and splits the prizes', () => {
    const [roundRobin, robinOrder, robinPrizes] = tournamentRules({ kind: 'round-robin' });
    expect(roundRobin).toMatch(/twice, once moving first and once second/);
    expect(robinOrder).toMatch(/Buchholz.*Sonneborn-Berger/);
    expect(robinPrizes).toMatch(/add up to the pool exactly/);
    const [swiss, swissOrder] = tournamentRules({ kind: 'swiss', rounds: 5 });
    expect(swiss).toMatch(/No two entrants meet twice/);
    expect(swissOrder).toMatch(/a Swiss bye 1/);
    const knockout = tournamentRules({ kind: 'knockout' });
    expect(knockout).toHaveLength(2);
    expect(knockout[0]).toMatch(/replayed once with sides swapped.*higher seed goes through/);
  });
});
