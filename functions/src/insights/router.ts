import { Router, type RequestHandler } from 'express';
import { insights } from '../../../common/api/insights';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';
import { globalInsightsRef } from './aggregates';
import { insightsCsv, insightsOf } from './view';

/** Browsers and the CDN may keep an answer this long: the aggregates move about once a minute. */
const CACHE_CONTROL = 'public, max-age=60';

/** The figures at a constant cost: one document read (insights/global), whatever the number of votes. */
const readInsights = async (deps: Deps) => insightsOf((await globalInsightsRef(deps.db).get()).data());

const json =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.json(await readInsights(deps));
  };

const csv =
  (deps: Deps): RequestHandler =>
  async (_req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="fool-rate-insights.csv"');
    res.send(insightsCsv(await readInsights(deps)));
  };

/** /api/public/insights and its CSV (docs/insights.md). */
export function insightsRouter(deps: Deps): Router {
  const router = Router();
  const on = mounter(deps, router, '/api/public');
  on(insights.read, json(deps));
  on(insights.csv, csv(deps));
  return router;
}
