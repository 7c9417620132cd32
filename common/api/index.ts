/**
 * Every endpoint's declaration, by area. For tests, scripts and the OpenAPI document only: the
 * server's routers import their own area's module (a lazily loaded area stays out of the cold
 * start), and the client calls through src/lib/api/endpoints.gen.ts.
 */
import { accounts } from './accounts';
import { cms } from './cms';
import type { Endpoint } from './contract';
import { docs } from './docs';
import { files } from './files';
import { insights } from './insights';
import { leaderboards } from './leaderboards';
import { mail } from './mail';
import { marketplace } from './marketplace';
import { migration } from './migration';
import { orders } from './orders';
import { payments } from './payments';
import { radio } from './radio';
import { seo } from './seo';
import { sync } from './sync';
import { tokens } from './tokens';
import { tracks } from './tracks';
import { voting } from './voting';

export const API = { accounts, tokens, leaderboards, insights, sync, files, seo, voting, migration, tracks, cms, payments, marketplace, orders, radio, mail, docs } as const;
export type Api = typeof API;
export type Area = keyof Api;

/** Each declaration with its area and name, e.g. { area: 'orders', name: 'reject', endpoint }. */
export const declarations = (): Array<{ area: Area; name: string; endpoint: Endpoint }> =>
  Object.entries(API).flatMap(([area, eps]) => Object.entries(eps as Record<string, Endpoint>).map(([name, endpoint]) => ({ area: area as Area, name, endpoint })));

/** 'METHOD /path', the key the route tests use (tests/api/routes.ts routeKey). */
export const keyOf = (e: Endpoint): `${string} /${string}` => `${e.method} ${e.path}`;
