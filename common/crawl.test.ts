import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './crawl';

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the site, keeps crawlers out of the API and private screens, and names the sitemap', () => {
    const robots = robotsTxt('https://foolrate.example/');
    expect(robots.split('\n').slice(0, 3)).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/']);
    expect(robots).toContain('Disallow: /cms\n');
    expect(robots).toContain('Sitemap: https://foolrate.example/sitemap.xml\n');
    expect(robotsTxt(null)).not.toContain('Sitemap:');
  });

  it('the sitemap lists the public pages by absolute URL', () => {
    const xml = sitemapXml('https://foolrate.example');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://foolrate.example/',
      'https://foolrate.example/marketplace',
      'https://foolrate.example/pricing',
      'https://foolrate.example/insights',
      'https://foolrate.example/auth',
      'https://foolrate.example/privacy',
      'https://foolrate.example/terms',
    ]);
  });
});
