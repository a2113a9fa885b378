import { useLayoutEffect, useRef, useState } from 'react';

const HOP_MS = 260;

/**
 * Which hop of the last move to draw: 0 is its start square, `hops` its end (the captured piece
 * of the last hop then fades), `hops + 1` the position at rest. A move that arrives while the
 * board is shown (a new `moveKey`) replays hop by hop, unless the user prefers reduced motion.
 * The first render, prerendered markup included, shows the position at rest: a page of match
 * cards does not start with every board moving.
 */
export function useHopStep(moveKey: string, hops: number): number {
  const [state, setState] = useState({ key: moveKey, step: hops + 1 });
  const shownKey = useRef(moveKey);
  // before paint, so the position at rest never flashes ahead of the replay
  useLayoutEffect(() => {
    if (shownKey.current === moveKey) return;
    shownKey.current = moveKey;
    if (hops === 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let step = 0;
    setState({ key: moveKey, step });
    const timer = window.setInterval(() => {
      step++;
      setState({ key: moveKey, step });
      if (step > hops) window.clearInterval(timer);
    }, HOP_MS);
    return () => window.clearInterval(timer);
  }, [moveKey, hops]);
  return state.key === moveKey ? state.step : hops + 1;
}
