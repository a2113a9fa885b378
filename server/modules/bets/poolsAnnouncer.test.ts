import { describe, expect, it } from 'vitest';
import { createPoolsAnnouncer } from './poolsAnnouncer.ts';

/** A notify whose calls are recorded and resolved (or failed) by the test. */
function heldNotify() {
  const calls: { matchId: string; settle: (ok: boolean) => void }[] = [];
  const notify = (matchId: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ matchId, settle: (ok) => (ok ? resolve() : reject(new Error('lost'))) });
    });
  return { calls, notify };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the pools announcer', () => {
  it('sends one follow-up for all the bets that came while a notification was in flight', async () => {
    const { calls, notify } = heldNotify();
    const announce = createPoolsAnnouncer(notify);
    announce('m1');
    for (let bet = 0; bet < 999; bet++) announce('m1');
    expect(calls.map((call) => call.matchId)).toEqual(['m1']);
    calls[0]?.settle(true);
    await turn();
    // The follow-up goes after the first returned, so it covers the last of the 999.
    expect(calls.map((call) => call.matchId)).toEqual(['m1', 'm1']);
    calls[1]?.settle(true);
    await turn();
    expect(calls).toHaveLength(2);
    announce('m1');
    expect(calls).toHaveLength(3);
  });

  it('keeps matches apart and carries on after a failed notification', async () => {
    const { calls, notify } = heldNotify();
    const announce = createPoolsAnnouncer(notify);
    announce('m1');
    announce('m2');
    announce('m1');
    expect(calls.map((call) => call.matchId)).toEqual(['m1', 'm2']);
    calls[0]?.settle(false);
    calls[1]?.settle(true);
    await turn();
    expect(calls.map((call) => call.matchId)).toEqual(['m1', 'm2', 'm1']);
  });
});
