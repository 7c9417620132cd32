import { PATHS } from './paths.ts';

/**
 * The pages a crawler may index: the public ones. Signed-in screens and the CMS are left out, and
 * so is /vote, which sends a signed-out visitor (a crawler) to /auth: a sitemap lists final URLs.
 */
export const SITEMAP_PATHS = [PATHS.home, PATHS.marketplace, PATHS.pricing, PATHS.insights, PATHS.auth, PATHS.privacy, PATHS.terms] as const;

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/**
 * robots.txt: the site is open, the API and the private screens are not; it names the sitemap
 * when the site's address is known (a sitemap must be named by absolute URL).
 */
export function robotsTxt(siteUrl: string | null): string {
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
    ...(siteUrl ? ['', `Sitemap: ${origin(siteUrl)}/sitemap.xml`] : []),
    '',
  ].join('\n');
}

/** sitemap.xml: the public pages by absolute URL. */
export function sitemapXml(siteUrl: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin(siteUrl)}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
