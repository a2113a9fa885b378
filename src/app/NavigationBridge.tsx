import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BackButtonRouter } from '#src/lib/telegramBackButton.ts';

type Listener = (state: { location: { pathname: string } }) => void;

const listeners = new Set<Listener>();
let state = { location: { pathname: typeof location === 'undefined' ? '/' : location.pathname } };
let navigateBack: (delta: number) => unknown = (delta) => history.go(delta);

/**
 * The router's location and back navigation for code outside React (Telegram's back button):
 * the declarative router keeps its history to itself, and that history takes one listener.
 */
export const appNavigation: BackButtonRouter = {
  get state() {
    return state;
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  navigate: (delta) => navigateBack(delta),
};

/** Renders nothing; publishes each navigation to {@link appNavigation}. */
export function NavigationBridge() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigateBack = (delta) => navigate(delta);
    if (state.location.pathname === pathname) return;
    state = { location: { pathname } };
    for (const listener of listeners) listener(state);
  }, [pathname, navigate]);
  return null;
}
