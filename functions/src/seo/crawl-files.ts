import type { RequestHandler } from 'express';
import { PATHS } from '../../../common/paths';
import type { Deps } from '../platform/deps';

/** The pages a crawler may index: the public ones (signed-in screens and the CMS are left out). */
export const SITEMAP_PATHS = [PATHS.home, PATHS.vote, PATHS.marketplace, PATHS.pricing, PATHS.auth, PATHS.privacy, PATHS.terms] as const;

const origin = (appUrl: string) => appUrl.replace(/\/+$/, '');

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${PATHS.cms}`,
    `Disallow: ${PATHS.uploadPlaceholders}`,
    `Disallow: ${PATHS.welcome}`,
    `Disallow: ${PATHS.orders}`,
    `Disallow: ${PATHS.myTracks}`,
    `Disallow: ${PATHS.unsubscribe}`,
    '',
    `Sitemap: ${origin(appUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(appUrl: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin(appUrl)}${path === '/' ? '/' : path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * GET /robots.txt and /sitemap.xml, served by the function through Hosting rewrites (firebase.json)
 * because both name the site's own address, which the function knows (APP_URL) and a static
 * build does not.
 */
export const crawlFile =
  (deps: Deps, file: 'robots' | 'sitemap'): RequestHandler =>
  (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.set('X-Content-Type-Options', 'nosniff');
    if (file === 'robots') res.type('text/plain').send(robotsTxt(deps.config.appUrl));
    else res.type('application/xml').send(sitemapXml(deps.config.appUrl));
  };
