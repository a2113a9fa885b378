import { data, type RouteObject } from 'react-router';
import { HomePage } from '../pages/HomePage.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';

/** Pages other than Home load on first visit so `/` stays small. */
const pageRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  {
    path: 'games',
    lazy: async () => ({
      Component: (await import('../features/games/components/GamesPage.tsx')).GamesPage,
    }),
  },
  {
    path: 'games/sessions',
    lazy: async () => ({
      Component: (await import('../features/matches/components/ActiveGamesPage.tsx'))
        .ActiveGamesPage,
    }),
  },
  {
    path: 'games/sessions/:sessionId',
    lazy: async () => ({
      Component: (await import('../features/matches/components/WatchPage.tsx')).WatchPage,
    }),
  },
  {
    path: 'agents',
    lazy: async () => ({
      Component: (await import('../features/agents/components/AgentsPage.tsx')).AgentsPage,
    }),
  },
  {
    path: 'agents/:agentId',
    lazy: async () => ({
      Component: (await import('../features/agents/components/AgentPage.tsx')).AgentPage,
    }),
  },
  {
    path: 'agents/mine',
    lazy: async () => ({
      Component: (await import('../features/agentEditor/components/MyAgentsPage.tsx')).MyAgentsPage,
    }),
  },
  {
    path: 'admin',
    lazy: async () => ({
      Component: (await import('../features/admin/components/AdminPage.tsx')).AdminPage,
    }),
  },
  {
    path: 'profile',
    lazy: async () => {
      const [{ ProfilePage }, { LoginButton }, { WalletPanel }] = await Promise.all([
        import('../features/profile/components/ProfilePage.tsx'),
        import('../features/auth/components/LoginButton.tsx'),
        import('../features/wallet/components/WalletPanel.tsx'),
      ]);
      // The app composes features: the profile shows the sign-in button and the wallet panel.
      const wallet = (address: string) => <WalletPanel address={address} showTokens />;
      return { element: <ProfilePage signIn={<LoginButton />} wallet={wallet} /> };
    },
  },
  {
    path: 'auth/logout',
    lazy: async () => ({ Component: (await import('../pages/SignOutPage.tsx')).SignOutPage }),
  },
  {
    path: 'about-us',
    lazy: async () => ({ Component: (await import('../pages/AboutUsPage.tsx')).AboutUsPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({ Component: (await import('../pages/ContactPage.tsx')).ContactPage }),
  },
  {
    path: 'privacy-policy',
    lazy: async () => ({
      Component: (await import('../pages/PrivacyPolicyPage.tsx')).PrivacyPolicyPage,
    }),
  },
  {
    path: 'terms-of-use',
    lazy: async () => ({
      Component: (await import('../pages/TermsOfUsePage.tsx')).TermsOfUsePage,
    }),
  },
  {
    path: '*',
    loader: () => {
      throw data(null, { status: 404, statusText: 'Not Found' });
    },
  },
];

/**
 * The app's routes (SPEC section 2). Page errors render inside the layout; layout errors alone.
 * The browser router (router.tsx) and the build-time page renderer (src/prerender) share them.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <ErrorPage />,
    children: [{ errorElement: <ErrorPage />, children: pageRoutes }],
  },
];
