import { endpoint, other } from './contract';

/** Outside /api: what Hosting rewrites to the function (functions/src/app.ts). */
export const seo = {
  sitemap: endpoint({
    method: 'GET',
    path: '/sitemap.xml',
    access: 'public',
    summary: "The sitemap of the site's public pages",
    response: other('xml', 200, 'application/xml'),
  }),
} as const;
