import type { Insights } from '@common/contest/insights';
import { env } from '@/config/env';
import { useApiRead } from '@/hooks/use-api-read';
import { call, urlOf } from '@/lib/api/call';
import * as endpoints from '@/lib/api/endpoints.gen';

/**
 * The public figures (GET /api/public/insights). Offline, the service worker answers the last
 * copy it saved (vite.config.ts: /api/public/* NetworkFirst); with nothing saved the read fails
 * and is tried again when the browser is back online.
 */
export const useInsights = () => useApiRead<Insights>((signal) => call(endpoints.insights.read, { signal }), [], { retryMs: 30_000, transition: true });

/** Where the same figures download: the JSON and the CSV (the API's origin, as the app's requests go). */
export const INSIGHTS_LINKS = {
  json: `${env.VITE_API_BASE_URL}${urlOf(endpoints.insights.read)}`,
  csv: `${env.VITE_API_BASE_URL}${urlOf(endpoints.insights.csv)}`,
} as const;
