import type { FastifyInstance } from 'fastify';

/** One registered route: its method and URL pattern (`/api/agents/:id`). */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, so tests can prove they cover all of them. */
    readonly routeList: readonly RouteEntry[];
  }
}

/**
 * Records each route as it is registered (HEAD twins of GET routes left out). Must be installed
 * before any route, since onRoute sees only what comes after it.
 */
export function registerRouteList(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
}

/** `METHOD url`, the key route tables in tests and the rate-limit plan use. */
export function routeKey(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}
