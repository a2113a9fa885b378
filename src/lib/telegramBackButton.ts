import type { TelegramWebApp } from './telegram.ts';

/** The slice of a router the back button needs (the app's `appNavigation`; a data router fits too). */
export interface BackButtonRouter {
  readonly state: { readonly location: { readonly pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
  navigate(delta: number): unknown;
}

/**
 * Telegram's back button follows our routes: shown on every page but Home, and it goes back one
 * page, as the hardware back button would. Returns a function that stops following.
 */
export function followTelegramBackButton(
  webApp: TelegramWebApp,
  router: BackButtonRouter,
): () => void {
  const sync = (pathname: string) => {
    if (pathname === '/') webApp.BackButton.hide();
    else webApp.BackButton.show();
  };
  const goBack = () => void router.navigate(-1);
  webApp.BackButton.onClick(goBack);
  sync(router.state.location.pathname);
  const unsubscribe = router.subscribe((state) => sync(state.location.pathname));
  return () => {
    unsubscribe();
    webApp.BackButton.offClick(goBack);
    webApp.BackButton.hide();
  };
}
