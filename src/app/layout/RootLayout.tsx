import { Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '#src/app/PageErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { useScrollRestoration } from './useScrollRestoration.ts';

/** Header, page and footer. Home sits right under the header; every other page gets a spacer. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="main">
        {pathname === '/' ? null : <div className="top-spacer" data-testid="top-spacer" />}
        <PageErrorBoundary>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
