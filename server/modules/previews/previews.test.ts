import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellGeometry, PREVIEW_COLOURS } from '#core/site/previewSvg.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { decodePng, pixelAt } from '#server/testing/decodePng.ts';
import { endMatch, insertHouseAgents, insertMatch } from '#server/testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';

const ORIGIN = 'https://gridmind.example';
/** How a link-preview crawler asks: its user agent, HTML, no JavaScript run afterwards. */
const CRAWLER = { 'user-agent': 'Twitterbot/1.0', accept: 'text/html' };
const SITE_IMAGE = `${ORIGIN}/icons/icon-512.png`;

/** The content of a meta tag, as a crawler reads it from the HTML. */
function meta(html: string, name: string): string | undefined {
  const pattern = new RegExp(`<meta\\s+(?:property|name)="${name}"\\s+content="([^"]*)"`);
  return pattern.exec(html)?.[1];
}

/*
 * Connect Four: the first player fills the bottom row's columns 4 to 7 and wins; the second's
 * three discs stand on 4, 5 and 6. Top row first, '.' empty, 'x' first, 'o' second.
 */
const MOVES = '4455667';
const BOARD = ['.......', '.......', '.......', '.......', '...ooo.', '...xxxx'].join('');

describe.each(testDatabaseKinds())('link previews as crawlers read them (%s)', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let finished: string;
  let live: string;
  let tournament: string;

  beforeAll(async () => {
    // The built pages share index.html's head: the real one, so the tags replaced are the shipped ones.
    clientDir = await mkdtemp(join(tmpdir(), 'gridmind-previews-'));
    const head = await readFile('index.html', 'utf8');
    await writeFile(join(clientDir, 'index.html'), head);
    await mkdir(join(clientDir, 'pages'));
    await writeFile(join(clientDir, 'pages', 'watch.html'), head);
    db = await openTestDatabase(kind);
    app = await buildApp({ config: loadConfig({ APP_ORIGIN: ORIGIN }), db, clientDir });
    const agents = await insertHouseAgents(db);
    await db.query(
      `insert into agents (id, name, traits, kind, wins) values
         ('bot-7', 'Deep <Bot>', '{}', 'bot', 3), ('hidden-1', 'Hidden', '{}', 'custom', 0)`,
    );
    await db.query(`update agents set hidden = true where id = 'hidden-1'`);
    finished = await insertMatch(db, agents, 'live', MOVES);
    await endMatch(db, finished, 'first');
    live = await insertMatch(db, agents, 'live', '44');
    tournament = await insertTournament(db, { startsAt: new Date(), status: 'live' });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const response = await app.inject({ url, headers: CRAWLER });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('names a finished match, its players and result, with its picture', async () => {
    const html = await page(`/games/sessions/${finished}`);
    expect(meta(html, 'og:title')).toBe('house-a vs house-b · Connect Four');
    expect(meta(html, 'twitter:title')).toBe('house-a vs house-b · Connect Four');
    expect(meta(html, 'og:description')).toBe('Connect Four on Gridmind: house-a won in 7 moves.');
    expect(html).toContain('<title>house-a vs house-b · Connect Four</title>');
    const image = `${ORIGIN}/previews/match/${finished}.png?v=7f`;
    expect(meta(html, 'og:image')).toBe(image);
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/games/sessions/${finished}`);
  });

  it('draws the board as it ended: every cell’s centre holds its disc or the empty colour', async () => {
    const response = await app.inject({ url: `/previews/match/${finished}.png`, headers: CRAWLER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = decodePng(response.rawPayload);
    expect([png.width, png.height]).toEqual([1200, 630]);
    const colours = PREVIEW_COLOURS.slots;
    const expected = { '.': colours.empty, x: colours.first, o: colours.second };
    const drawn = [...BOARD].map((_, index) => {
      const { cx, cy } = cellGeometry({ columns: 7, rows: 6 }, index);
      return pixelAt(png, cx, cy);
    });
    expect(drawn).toEqual([...BOARD].map((cell) => expected[cell as keyof typeof expected]));
  });

  it('shows a live match as it stands, its picture versioned by the move', async () => {
    const html = await page(`/games/sessions/${live}`);
    expect(meta(html, 'og:description')).toBe('Connect Four on Gridmind: Live now, move 3.');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/previews/match/${live}.png?v=2l`);
  });

  it('names an agent, a bot and a tournament', async () => {
    const agent = await page('/agents/house-a');
    expect(meta(agent, 'og:title')).toBe('house-a · Agent on Gridmind');
    expect(meta(agent, 'og:image')).toBe(`${ORIGIN}/previews/agent/house-a.png?v=0-0-0`);
    const bot = await page('/agents/bot-7');
    expect(meta(bot, 'og:title')).toBe('Deep &#60;Bot&#62; · Bot on Gridmind');
    expect(meta(bot, 'og:description')).toBe(
      'Rating 1500, 3 won · 0 lost · 0 drawn. Plays Connect Four.',
    );
    const cup = await page(`/games/tournaments/${tournament}`);
    expect(meta(cup, 'og:title')).toBe('Connect Four round-robin tournament · Gridmind');
    expect(meta(cup, 'twitter:card')).toBe('summary_large_image');
    for (const url of ['/previews/agent/bot-7.png', `/previews/tournament/${tournament}.png`]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(decodePng(response.rawPayload).width).toBe(1200);
    }
  });

  it.each([
    '/games/sessions/no-such-match',
    '/agents/hidden-1',
    '/games/tournaments/not-a-uuid',
    '/games/tournaments/00000000-0000-4000-8000-000000000000',
    '/agents/mine',
    '/about-us',
  ])('%s previews as the site does', async (url) => {
    const html = await page(url);
    expect(meta(html, 'og:title')).toBe('Gridmind - AI vs AI Gaming Platform');
    expect(meta(html, 'og:image')).toBe(SITE_IMAGE);
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it.each([
    '/previews/match/no-such-match.png',
    '/previews/agent/hidden-1.png',
    '/previews/player/house-a.png',
    '/previews/agent/house-a.jpg',
  ])('%s is not found', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('serves robots.txt: public pages allowed, signed-in and API paths not, and the sitemap', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: CRAWLER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /profile',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });

  it('lists the public pages in the sitemap: agents, bots, tournaments, finished matches', async () => {
    const response = await app.inject({ url: '/sitemap.xml', headers: CRAWLER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((found) => found[1]);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/agents`,
        `${ORIGIN}/agents/house-a`,
        `${ORIGIN}/agents/bot-7`,
        `${ORIGIN}/games/tournaments/${tournament}`,
        `${ORIGIN}/games/sessions/${finished}`,
      ]),
    );
    expect(urls).not.toContain(`${ORIGIN}/games/sessions/${live}`);
    expect(urls).not.toContain(`${ORIGIN}/agents/hidden-1`);
  });
});
