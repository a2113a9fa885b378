/**
 * Build-time rendering of a page's first paint (scripts/prerender.ts runs it under Node through
 * Vite's SSR build). The markup is what the browser's first render shows for a signed-out visitor
 * with an empty cache: the layout, the page's own text and its loading states. The browser
 * hydrates it (src/app/startApp.tsx), so the first paint and the largest text do not wait for the
 * JavaScript, and the DOM they made stays.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '#src/app/App.tsx';
import { preloadPage } from '#src/app/routes.tsx';

/** The HTML of `path`'s page (what goes inside #root), or null when the path is not a page. */
export async function renderPage(path: string): Promise<string | null> {
  if (!(await preloadPage(path))) return null;
  // A fresh client per page: nothing fetched, so every query renders its loading state, as the
  // browser's first render does before the saved cache is restored.
  return renderToString(
    <StaticRouter location={path}>
      <App queryClient={new QueryClient()} restoring={true} />
    </StaticRouter>,
  );
}
