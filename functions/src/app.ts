import express from 'express';
import { changeRole } from './accounts/change-role';
import { emailVerified } from './accounts/email-verified';
import { ensureProfile } from './accounts/ensure-profile';
import { me, migrationStatus, publicConfig, usernameExists } from './accounts/account-reads';
import { saveWallet } from './accounts/save-wallet';
import { signup } from './accounts/signup';
import { authenticate } from './platform/auth';
import type { Deps } from './platform/deps';
import { errorHandler, notFound } from './platform/errors';
import { apiCors, apiSecurityHeaders, jsonBodies } from './platform/http';
import { publicLeaderboards } from './leaderboards/public-leaderboards';
import { leaderboardsStream } from './leaderboards/leaderboards-stream';
import { demoStation } from './radio/demo-station';
import { cmsRouter } from './cms/router';
import { filesRouter } from './files/router';
import { marketplaceRouter } from './marketplace/router';
import { ordersRouter } from './orders/router';
import { saveCashTag } from './accounts/save-cash-tag';
import { paymentsRouter } from './payments/router';
import { stripeWebhook } from './payments/webhook';
import { pull } from './sync/pull';
import { push } from './sync/push';
import { pushHandlers } from './sync/push-handlers';
import { tracksRouter } from './tracks/router';
import { votingRouter } from './voting/router';
import { stream } from './sync/stream';
import { adjustTokens } from './tokens/admin-adjust';
import { claimDaily } from './tokens/claim-daily';
import { redeem } from './tokens/redeem-route';

const JSON_LIMIT_BYTES = 64 * 1024;
const WEBHOOK_LIMIT = '1mb';

/** The whole HTTP API; functions/src/index.ts exports it as the `api` function. */
export function createApp(deps: Deps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  const api = express.Router();
  api.use(apiSecurityHeaders());
  api.use(apiCors(deps.config));
  // The webhook verifies Stripe's signature over the raw bytes: express.raw here, the runtime's rawBody deployed.
  api.post('/payments/webhook', express.raw({ type: 'application/json', limit: WEBHOOK_LIMIT }), stripeWebhook(deps));
  api.use(jsonBodies(JSON_LIMIT_BYTES));
  api.use(authenticate(deps));

  api.post('/accounts/signup', signup(deps));
  api.post('/accounts/ensure-profile', ensureProfile(deps));
  api.post('/accounts/email-verified', emailVerified(deps));
  api.get('/accounts/username/:username', usernameExists(deps));
  api.post('/accounts/wallet', saveWallet(deps));
  api.post('/accounts/cash-app-tag', saveCashTag(deps));
  api.get('/me', me(deps));

  api.post('/tokens/claim-daily', claimDaily(deps));
  api.post('/coupons/redeem', redeem(deps));

  api.post('/admin/tokens/adjust', adjustTokens(deps));
  api.post('/admin/roles', changeRole(deps));

  api.get('/public/migration', migrationStatus(deps));
  api.get('/public/config', publicConfig(deps));
  api.get('/public/leaderboards', publicLeaderboards(deps));
  api.get('/public/leaderboards/stream', leaderboardsStream(deps));

  api.get('/sync/stream', stream(deps));
  api.get('/sync/:collection/pull', pull(deps));
  api.post('/sync/:collection/push', push(deps, pushHandlers));

  api.use('/files', filesRouter(deps));
  api.use('/tracks', tracksRouter(deps));
  api.use('/cms', cmsRouter(deps));
  api.use('/vote-sessions', votingRouter(deps));
  api.use('/payments', paymentsRouter(deps));
  api.use('/marketplace', marketplaceRouter(deps));
  api.use('/orders', ordersRouter(deps));

  if (deps.config.demoRadioMp3) api.use('/radio/demo', demoStation(deps, deps.config.demoRadioMp3));

  api.use((_req, _res, next) => next(notFound('No such endpoint')));
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}
