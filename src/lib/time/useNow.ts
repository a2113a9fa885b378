import { useEffect, useState } from 'react';

/**
 * The current time in ms, refreshed every `intervalMs` while `ticking` (a countdown on screen);
 * a component that shows no countdown pays for no timer.
 */
export function useNow(ticking: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [ticking, intervalMs]);
  return now;
}
