import express from 'express';
import { accountsRouter } from './accounts/router';
import { cmsRouter } from './cms/router';
import { filesRouter } from './files/router';
import { leaderboardsRouter } from './leaderboards/router';
import { mailRouter } from './mail/router';
import { sitemap } from './seo/sitemap';
import { marketplaceRouter } from './marketplace/router';
import { migrationRouter } from './migration/router';
import { ordersRouter } from './orders/router';
import { paymentsRouter } from './payments/router';
import { stripeWebhook } from './payments/webhook';
import { authenticate } from './platform/auth';
import type { Deps } from './platform/deps';
import { errorHandler, notFound } from './platform/errors';
import { apiCors, apiSecurityHeaders, jsonBodies, simpleQuery } from './platform/http';
import { radioRouter } from './radio/router';
import { syncRouter } from './sync/router';
import { tokensRouter } from './tokens/router';
import { tracksRouter } from './tracks/router';
import { votingRouter } from './voting/router';

const JSON_LIMIT_BYTES = 64 * 1024;
const WEBHOOK_LIMIT = '1mb';

/** The whole HTTP API: global middleware, then each area's router; functions/src/index.ts exports it as `api`. */
export function createApp(deps: Deps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(simpleQuery());

  // The sitemap names the site's address (APP_URL); Hosting rewrites it here (firebase.json).
  app.get('/sitemap.xml', sitemap(deps));

  const api = express.Router();
  api.use(apiSecurityHeaders());
  api.use(apiCors(deps.config));
  // The webhook verifies Stripe's signature over the raw bytes: express.raw here, the runtime's rawBody deployed.
  api.post('/payments/webhook', express.raw({ type: 'application/json', limit: WEBHOOK_LIMIT }), stripeWebhook(deps));
  api.use(jsonBodies(JSON_LIMIT_BYTES));
  api.use(authenticate(deps));

  // Routers spanning several path prefixes are mounted at the root; none of them has router-wide middleware.
  api.use(accountsRouter(deps));
  api.use(tokensRouter(deps));
  api.use('/public/leaderboards', leaderboardsRouter(deps));
  api.use('/sync', syncRouter(deps));
  api.use('/files', filesRouter(deps));
  // Before /cms: its super-admin routes under /cms/migration answer 403 for admins, not the CMS's own checks.
  api.use(migrationRouter(deps));
  api.use('/tracks', tracksRouter(deps));
  api.use('/cms', cmsRouter(deps));
  api.use('/vote-sessions', votingRouter(deps));
  api.use('/payments', paymentsRouter(deps));
  api.use('/marketplace', marketplaceRouter(deps));
  api.use('/orders', ordersRouter(deps));
  api.use('/radio', radioRouter(deps));
  api.use('/mail', mailRouter(deps));

  api.use((_req, _res, next) => next(notFound('No such endpoint')));
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}
