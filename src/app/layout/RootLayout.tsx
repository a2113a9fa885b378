import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Header, page and footer. Home sits right under the header; every other page gets a spacer. */
export function RootLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="main">
        {pathname === '/' ? null : <div className="top-spacer" data-testid="top-spacer" />}
        {children ?? <Outlet />}
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
