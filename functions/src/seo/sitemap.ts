import type { RequestHandler } from 'express';
import { sitemapXml } from '../../../common/crawl';
import type { Deps } from '../platform/deps';

/**
 * GET /sitemap.xml, served by the function through a Hosting rewrite (firebase.json) because it
 * names the site's own address, which the function knows (APP_URL). robots.txt is a static file
 * written by the build (vite.config.ts): Cloud Functions reserve /robots.txt.
 */
export const sitemap =
  (deps: Deps): RequestHandler =>
  (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(sitemapXml(deps.env.appUrl));
  };
