import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { robotsTxt } from './common/crawl.ts';
import { appCsp } from './scripts/lib/csp.ts';
import { APP_SHELL, prerender } from './scripts/lib/prerender.ts';
import { rxdbWithoutIcu } from './scripts/lib/rxdb-without-icu.ts';
import { DEMO_MODE, webBuildProblems } from './scripts/lib/web-build.ts';

/** The build's VITE_ settings: the env files of its mode, overridden by the process's environment. */
const buildEnv = (config: ResolvedConfig): Record<string, string | undefined> => ({
  ...loadEnv(config.mode, typeof config.envDir === 'string' ? config.envDir : process.cwd(), 'VITE_'),
  ...process.env,
});

/** A deployable build refuses to start without the Firebase project's web settings (scripts/lib/web-build.ts). */
const firebaseSettings = (): Plugin => ({
  name: 'firebase-settings',
  apply: 'build',
  configResolved(config) {
    const problems = webBuildProblems(config.mode, buildEnv(config));
    if (problems.length) {
      throw new Error(
        `This build is for a deployment, and it lacks the Firebase project's web settings (README, Deploy):\n${problems.map((p) => `- ${p}`).join('\n')}\nA build for the local emulators: vite build --mode ${DEMO_MODE}`,
      );
    }
  },
});

/** The Content-Security-Policy as a <meta> tag in the built index.html (the dev server's inline scripts would break it). */
const cspMeta = (): Plugin => {
  let csp = '';
  return {
    name: 'csp-meta',
    apply: 'build',
    configResolved(config) {
      csp = appCsp(buildEnv(config));
    },
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: csp }, injectTo: 'head-prepend' }],
  };
};

/**
 * <link rel=preconnect> to the other origins every page talks to early (the API or its stream,
 * the radio's now-playing): the connection is ready when the first request goes. Anonymous
 * (crossorigin), like the app's fetch and EventSource requests to them.
 */
const preconnect = (): Plugin => {
  let origins: string[] = [];
  return {
    name: 'preconnect',
    apply: 'build',
    configResolved(config) {
      const env = buildEnv(config);
      const urls = [env.VITE_API_BASE_URL, env.VITE_SYNC_STREAM_BASE_URL, env.VITE_RADIO_METADATA_URL].filter((u): u is string => Boolean(u && /^https?:\/\//.test(u)));
      origins = [...new Set(urls.map((u) => new URL(u).origin))];
    },
    transformIndexHtml: () => origins.map((href) => ({ tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head' as const })),
  };
};

/**
 * robots.txt, written by the build: Cloud Functions reserve /robots.txt, so it cannot come from
 * the API like the sitemap. VITE_SITE_URL (the site's address) names the sitemap in it.
 */
const robots = (): Plugin => {
  let siteUrl: string | null = null;
  return {
    name: 'robots-txt',
    apply: 'build',
    configResolved(config) {
      siteUrl = buildEnv(config).VITE_SITE_URL || null;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(siteUrl) });
    },
  };
};

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:5001';
const proxy = { '/api': { target: apiTarget, changeOrigin: false, ws: false } };

/**
 * The shell (app.html, the built index.html) for every path without a snapshot and for the
 * service worker's navigations; then, once the build and the service worker are written, the
 * public pages' snapshots (scripts/lib/prerender.ts).
 */
const prerendered = (): Plugin => {
  let outDir = '';
  let written = false;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await copyFile(join(outDir, 'index.html'), join(outDir, APP_SHELL));
      written = true;
    },
    // Not after a build that failed (nothing was written): its own error is the one to show.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => (written ? prerender(outDir) : undefined),
    },
  };
};

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  plugins: [
    firebaseSettings(),
    cspMeta(),
    preconnect(),
    robots(),
    prerendered(),
    rxdbWithoutIcu(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routeFileIgnorePattern: '\\.test\\.',
      // The home page is in the entry chunk: the most visited first load paints without a second request.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.png', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Fool Rate — Human or AI?',
        short_name: 'Fool Rate',
        description: 'Hear a 45-second clip blind and guess: human, AI or both. Tracks that fool you rank higher.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#09090b',
        theme_color: '#a21caf',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,webmanifest}'],
        // 404.html is served with status 404, which would fail the precache (and the install).
        // The snapshots are written after the service worker (and only for a first visit).
        globIgnores: ['placeholders/**', '404.html', 'index.html', 'prerendered/**'],
        navigateFallback: `/${APP_SHELL}`,
        // The API, the crawler files, and file paths (a missing file is a 404, not the app).
        navigateFallbackDenylist: [/^\/api\//, /^\/[^?]*\.[^/?]*(\?.*)?$/],
        cleanupOutdatedCaches: true,
        // Same origin only: the live streams reach the function's own address (another origin
        // deployed), and an endless stream saved to a cache would keep the old worker busy.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/public/'),
            handler: 'NetworkFirst',
            options: { cacheName: 'public-api', networkTimeoutSeconds: 4, expiration: { maxEntries: 50 } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/placeholders/'),
            handler: 'CacheFirst',
            options: { cacheName: 'covers', expiration: { maxEntries: 100 } },
          },
          {
            // Vote clips: the arena caches a session's clips when it opens; served with ranges offline.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/files/clips/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'vote-clips',
              rangeRequests: true,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 86400 },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, strictPort: true, proxy },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
});
