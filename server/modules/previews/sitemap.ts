import { z } from 'zod';
import type { Queryable } from '#server/db/database.ts';

/** Pages anyone may read, whatever the database holds. */
const PUBLIC_PAGES = [
  '/',
  '/games',
  '/games/sessions',
  '/games/tournaments',
  '/agents',
  '/about-us',
  '/contact',
  '/privacy-policy',
  '/terms-of-use',
];

/**
 * Bounds of the sitemap: one file holds at most 50,000 addresses, and search engines reach older
 * matches and weaker agents through the pages listed; each list is one range of an index, read in
 * order and stopped (a limit near a table's size lets PostgreSQL read it whole instead:
 * server/hotPathPlans.test.ts).
 */
export const SITEMAP_LIMITS = { matches: 1_000, agents: 1_000, tournamentsPerStatus: 500 };

const idsSchema = z.array(z.object({ id: z.string() }));

async function ids(db: Queryable, sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await db.query(sql, params);
  return idsSchema.parse(rows).map((row) => row.id);
}

/** The public pages' paths: the site's own, then agents and bots, tournaments, finished matches. */
export async function sitemapPaths(db: Queryable): Promise<string[]> {
  const agents = await ids(
    db,
    // agents_leaderboard: the public agents, best first
    `select id from agents where not hidden and retired_at is null
     order by rating desc, id limit $1`,
    [SITEMAP_LIMITS.agents],
  );
  const tournaments = await ids(
    db,
    // tournaments_status_starts, one range per status, newest first (cancelled ones left out)
    `select id from (
       (select id::text as id, starts_at from tournaments where status = 'live'
        order by starts_at desc, id desc limit $1)
       union all
       (select id::text, starts_at from tournaments where status = 'scheduled'
        order by starts_at desc, id desc limit $1)
       union all
       (select id::text, starts_at from tournaments where status = 'finished'
        order by starts_at desc, id desc limit $1)
     ) t order by starts_at desc, id desc`,
    [SITEMAP_LIMITS.tournamentsPerStatus],
  );
  const matches = await ids(
    db,
    // matches_status_seq: the newest finished matches
    `select id from matches where status = 'finished' order by seq desc limit $1`,
    [SITEMAP_LIMITS.matches],
  );
  return [
    ...PUBLIC_PAGES,
    ...agents.map((id) => `/agents/${encodeURIComponent(id)}`),
    ...tournaments.map((id) => `/games/tournaments/${id}`),
    ...matches.map((id) => `/games/sessions/${encodeURIComponent(id)}`),
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sitemap protocol's XML (sitemaps.org) of absolute URLs on `appOrigin`. */
export function sitemapXml(appOrigin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(appOrigin + path)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Public pages allowed, signed-in and API paths not, and where the sitemap is. */
export function robotsTxt(appOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /agents/mine',
    '',
    `Sitemap: ${appOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}
