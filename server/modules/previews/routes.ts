import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '#server/db/database.ts';
import { PREVIEW_KINDS, type Previews } from './previews.ts';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

const pictureParams = z.object({
  kind: z.enum(PREVIEW_KINDS),
  file: z
    .string()
    .regex(/^[^/]{1,64}\.png$/)
    .transform((file) => file.slice(0, -'.png'.length)),
});

/**
 * `GET /previews/<match|agent|tournament>/<id>.png` (a page's link preview, 1200×630),
 * `GET /robots.txt` and `GET /sitemap.xml` (the public pages, for search engines).
 */
export const previewRoutes: FastifyPluginAsync<{
  db: Queryable;
  previews: Previews;
  appOrigin: string;
}> = async (app, { db, previews, appOrigin }) => {
  app.get('/previews/:kind/:file', async (request, reply) => {
    const params = pictureParams.safeParse(request.params);
    const png = params.success ? await previews.png(params.data.kind, params.data.file) : undefined;
    if (png === undefined) return reply.code(404).send({ error: 'Not found' });
    // The page's URL carries the picture's version (?v=), so a shared cache may keep it a while.
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(appOrigin)),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(appOrigin, await sitemapPaths(db))),
  );
};
