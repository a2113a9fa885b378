/**
 * Build-time rendering of a page's first paint (scripts/prerender.ts runs it under Node through
 * Vite's SSR build). The markup is what the browser's first render shows for a signed-out visitor
 * with an empty cache: the layout, the page's own text and its loading states. The browser shows it
 * while the scripts load, then React renders the same page in its place (src/main.tsx), so the
 * first paint and the largest text no longer wait for the JavaScript.
 */
import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/routes.tsx';

/** The HTML of `path`'s page (what goes inside #root), or null when the path is not a page. */
export async function renderPage(origin: string, path: string): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) return null;
  if (context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // A fresh client per page: nothing fetched, so every query renders its loading state, as the
  // browser's first render does while the saved cache is restored.
  const queryClient = new QueryClient();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={true}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </IsRestoringProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
