import express, { type Router } from 'express';
import { payments } from '../../common/api/payments';
import { seo } from '../../common/api/seo';
import { accountsRouter } from './accounts/router';
import { filesRouter } from './files/router';
import { leaderboardsRouter } from './leaderboards/router';
import { sitemap } from './seo/sitemap';
import { authenticate } from './platform/http/auth';
import type { Deps } from './platform/deps';
import { errorHandler, notFound } from './platform/http/errors';
import { apiCors, apiSecurityHeaders, jsonBodies, simpleQuery } from './platform/http/http';
import { lazy, lazyRoutes } from './platform/http/lazy';
import { syncRouter } from './sync/router';
import { tokensRouter } from './tokens/router';
import { votingRouter } from './voting/router';

const JSON_LIMIT_BYTES = 64 * 1024;
const WEBHOOK_LIMIT = '1mb';

/** `router` answering under `prefix`, as `app.use(prefix, router)` would mount it. */
const mountedAt = (prefix: string, router: Router): Router => express.Router().use(prefix, router);

/** The whole HTTP API: global middleware, then each area's router; functions/src/index.ts exports it as `api`. */
export function createApp(deps: Deps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(simpleQuery());

  // The sitemap names the site's address (APP_URL); Hosting rewrites it here (firebase.json).
  app.get(seo.sitemap.path, sitemap(deps));

  const api = express.Router();
  const webhook = lazy(async () => (await import('./payments/webhook')).stripeWebhook(deps));
  api.use(apiSecurityHeaders());
  api.use(apiCors(deps.env));
  // The webhook verifies Stripe's signature over the raw bytes: express.raw here, the runtime's rawBody deployed.
  api.post(payments.webhook.path.slice('/api'.length), express.raw({ type: 'application/json', limit: WEBHOOK_LIMIT }), async (req, res, next) => (await webhook())(req, res, next));
  api.use(jsonBodies(JSON_LIMIT_BYTES));
  api.use(authenticate(deps));

  // Routers spanning several path prefixes are mounted at the root; none of them has router-wide middleware.
  // The areas most requests reach (accounts, tokens, the boards, sync, files, voting) load with the
  // function; the others with their first request (platform/http/lazy.ts lazyRoutes: docs/adr/0010-functions-bundle-lazy-loads-and-pinned-deps.md).
  api.use(accountsRouter(deps));
  api.use(tokensRouter(deps));
  api.use('/public/leaderboards', leaderboardsRouter(deps));
  api.use(lazyRoutes(['/public/insights', '/public/insights.csv'], async () => mountedAt('/public', (await import('./insights/router')).insightsRouter(deps))));
  api.use('/sync', syncRouter(deps));
  api.use('/files', filesRouter(deps));
  // Before /cms: its super-admin routes under /cms/migration answer 403 for admins, not the CMS's own checks.
  api.use(lazyRoutes(['/cms/migration', '/migration'], async () => (await import('./migration/router')).migrationRouter(deps)));
  api.use(lazyRoutes(['/tracks'], async () => mountedAt('/tracks', (await import('./tracks/router')).tracksRouter(deps))));
  api.use(lazyRoutes(['/cms'], async () => mountedAt('/cms', (await import('./cms/router')).cmsRouter(deps))));
  api.use('/vote-sessions', votingRouter(deps));
  api.use(lazyRoutes(['/payments'], async () => mountedAt('/payments', (await import('./payments/router')).paymentsRouter(deps))));
  api.use(lazyRoutes(['/marketplace'], async () => mountedAt('/marketplace', (await import('./marketplace/router')).marketplaceRouter(deps))));
  api.use(lazyRoutes(['/orders'], async () => mountedAt('/orders', (await import('./orders/router')).ordersRouter(deps))));
  api.use(lazyRoutes(['/radio'], async () => mountedAt('/radio', (await import('./radio/router')).radioRouter(deps))));
  api.use(lazyRoutes(['/mail'], async () => mountedAt('/mail', (await import('./mail/router')).mailRouter(deps))));
  // The OpenAPI document (common/api/openapi.ts), built from every declaration: with its first request only.
  api.use(lazyRoutes(['/openapi.json'], async () => (await import('./openapi/router')).openApiRouter(deps)));

  api.use((_req, _res, next) => next(notFound('No such endpoint')));
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}
