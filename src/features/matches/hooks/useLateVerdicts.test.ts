// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { useLateVerdicts } from './useLateVerdicts.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const verdict = { grade: 'mistake', exact: false, unit: 'chances', best: 61, played: 38 };

type Seen = ReturnType<typeof useLateVerdicts>;

/** Renders nothing; hands the hook's answer out on each render. */
function Probe(props: { matchId: string; seen: (state: Seen) => void }) {
  props.seen(useLateVerdicts(props.matchId));
  return null;
}

/** An event stream as the hook meets it: the browser's EventTarget with `verdict` messages. */
function stream() {
  const target = new EventTarget();
  const send = (data: unknown) =>
    target.dispatchEvent(new MessageEvent(MATCH_EVENT.verdict, { data: JSON.stringify(data) }));
  return { source: target as EventSource, send };
}

describe('useLateVerdicts', () => {
  it('keeps the verdicts its match’s stream sends, by ply, and drops malformed and others’', async () => {
    let state: Seen | undefined;
    const root = createRoot(document.createElement('div'));
    const show = (matchId: string) =>
      act(() => root.render(createElement(Probe, { matchId, seen: (s) => (state = s) })));
    await show('m1');
    const { source, send } = stream();
    state?.listen(source);
    await act(async () => {
      send({ matchId: 'm1', ply: 3, verdict });
      send({ matchId: 'm1', ply: 5, verdict: { ...verdict, grade: 'best', played: 61 } });
      send({ matchId: 'other', ply: 4, verdict });
      send({ matchId: 'm1', ply: 0, verdict });
      send({ matchId: 'm1', ply: 6, verdict: { grade: 'splendid' } });
    });
    expect([...(state?.verdicts.keys() ?? [])]).toEqual([3, 5]);
    expect(state?.verdicts.get(3)?.verdict).toEqual(verdict);

    // Another match on the same page starts with none of the first one's.
    await show('m2');
    expect(state?.verdicts.size).toBe(0);
    await act(async () => root.unmount());
  });
});
