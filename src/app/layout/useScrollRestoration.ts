import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each visited entry was scrolled to when it was left, by history entry key. */
const positions = new Map<string, number>();

/**
 * A new page starts at the top; back and forward return to where that page was left. The first
 * render keeps the browser's position (a reload, or a prerendered page already scrolled).
 */
export function useScrollRestoration(): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      // The app restores positions itself; the browser's own would jump before the page renders.
      window.history.scrollRestoration = 'manual';
    } else {
      window.scrollTo(0, navigationType === 'POP' ? (positions.get(key) ?? 0) : 0);
    }
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [key, navigationType]);
}
