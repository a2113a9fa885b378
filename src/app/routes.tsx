import { matchRoutes, Route, Routes } from 'react-router';
import { HomePage } from '#src/pages/HomePage.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { NOT_FOUND } from './errorPageContent.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { type LazyPage, LazyPageView, lazyPage } from './lazyPage.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { TelegramNavigation } from './TelegramNavigation.tsx';

/** Pages other than Home load on first visit so `/` stays small (SPEC section 2's routes). */
const lazyPages: ReadonlyArray<{ path: string; page: LazyPage }> = [
  {
    path: 'games',
    page: lazyPage(async () => (await import('./GamesRoute.tsx')).GamesRoute),
  },
  {
    path: 'games/sessions',
    page: lazyPage(async () => (await import('./ActiveGamesRoute.tsx')).ActiveGamesRoute),
  },
  {
    path: 'games/sessions/:sessionId',
    page: lazyPage(async () => (await import('./WatchRoute.tsx')).WatchRoute),
  },
  {
    path: 'games/tournaments',
    page: lazyPage(
      async () =>
        (await import('#src/features/tournaments/components/TournamentsPage.tsx')).TournamentsPage,
    ),
  },
  {
    path: 'games/tournaments/:tournamentId',
    page: lazyPage(async () => (await import('./TournamentRoute.tsx')).TournamentRoute),
  },
  {
    path: 'agents',
    page: lazyPage(
      async () => (await import('#src/features/agents/components/AgentsPage.tsx')).AgentsPage,
    ),
  },
  {
    path: 'agents/:agentId',
    page: lazyPage(async () => (await import('./AgentRoute.tsx')).AgentRoute),
  },
  {
    path: 'agents/mine',
    page: lazyPage(
      async () =>
        (await import('#src/features/agentEditor/components/MyAgentsPage.tsx')).MyAgentsPage,
    ),
  },
  {
    path: 'admin',
    page: lazyPage(
      async () => (await import('#src/features/admin/components/AdminPage.tsx')).AdminPage,
    ),
  },
  {
    path: 'profile',
    page: lazyPage(async () => (await import('./ProfileRoute.tsx')).ProfileRoute),
  },
  {
    path: 'notifications',
    page: lazyPage(async () => (await import('./NotificationsRoute.tsx')).NotificationsRoute),
  },
  {
    path: 'auth/logout',
    page: lazyPage(async () => (await import('#src/pages/SignOutPage.tsx')).SignOutPage),
  },
  {
    path: 'about-us',
    page: lazyPage(async () => (await import('#src/pages/AboutUsPage.tsx')).AboutUsPage),
  },
  {
    path: 'contact',
    page: lazyPage(async () => (await import('#src/pages/ContactPage.tsx')).ContactPage),
  },
  {
    path: 'privacy-policy',
    page: lazyPage(
      async () => (await import('#src/pages/PrivacyPolicyPage.tsx')).PrivacyPolicyPage,
    ),
  },
  {
    path: 'terms-of-use',
    page: lazyPage(async () => (await import('#src/pages/TermsOfUsePage.tsx')).TermsOfUsePage),
  },
];

/**
 * Loads the module of the page at `pathname`. Resolves true when it is a page, false when the
 * path is not one (the 404 page). The browser awaits it before hydrating a prerendered page and
 * the build-time renderer before rendering one, so neither render suspends.
 */
export async function preloadPage(pathname: string): Promise<boolean> {
  const matches = matchRoutes([{ path: '/', children: [{ index: true }, ...lazyPages] }], pathname);
  const leaf = matches?.at(-1)?.route;
  if (!leaf) return false;
  if ('page' in leaf) await (leaf.page as LazyPage).load();
  return true;
}

/**
 * The app's routes (SPEC section 2). Page errors render inside the layout; layout errors alone.
 * The browser (startApp.tsx) and the build-time page renderer (src/prerender) both render these.
 */
export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <TelegramNavigation />
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          {lazyPages.map(({ path, page }) => (
            <Route key={path} path={path} element={<LazyPageView page={page} />} />
          ))}
          <Route path="*" element={<ErrorPage error={NOT_FOUND} />} />
        </Route>
      </Routes>
    </PageErrorBoundary>
  );
}
