/**
 * The API's routes as Express itself knows them (Express 5 / router 2), so that a test can fail
 * when a route exists that it has no entry for. Route layers carry `route.path` and
 * `route.methods`; a mounted router is a layer whose `handle.stack` exists, its mount path in
 * `rawPath`.
 */
import type { Express } from 'express';

export type Route = { method: string; path: string };

/** 'METHOD /api/path/:param' (or a root path such as /robots.txt), the key tests use for a route. */
export type RouteKey = `${string} /${string}`;

type Layer = {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: Layer[] };
};

const join = (prefix: string, path: string): string => {
  const joined = `${prefix}${path === '/' ? '' : path}`;
  return joined || '/';
};

function walk(stack: Layer[], prefix: string, out: Route[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const path = join(prefix, String(layer.route.path));
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on) out.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path });
      }
    } else if (layer.handle?.stack) {
      walk(layer.handle.stack, join(prefix, typeof layer.rawPath === 'string' ? layer.rawPath : ''), out);
    }
  }
}

/** Loads every area createApp mounts lazily (platform/http/lazy.ts lazyRoutes), so that listRoutes sees their routes. */
export async function loadLazyRoutes(app: Express): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  const visit = (stack: Layer[]) => {
    for (const layer of stack) {
      const handle = layer.handle as { load?: () => Promise<unknown>; stack?: Layer[] } | undefined;
      if (typeof handle?.load === 'function') loads.push(handle.load());
      else if (handle?.stack) visit(handle.stack);
    }
  };
  visit((app.router as unknown as { stack: Layer[] }).stack);
  await Promise.all(loads);
}

/** Every route of an app made by createApp, e.g. { method: 'POST', path: '/api/orders/:id/proof' } (its lazy areas loaded first: loadLazyRoutes). */
export function listRoutes(app: Express): Route[] {
  const out: Route[] = [];
  walk((app.router as unknown as { stack: Layer[] }).stack, '', out);
  return out;
}

export const routeKey = (r: Route): RouteKey => `${r.method} ${r.path}` as RouteKey;

/** Fills a route's parameters (`:name`, `{*name}`) from `params`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{\*(\w+)\}|:(\w+)/g, (_m, wild: string | undefined, name: string | undefined) => {
    const key = (wild ?? name)!;
    const value = params[key];
    if (value === undefined) throw new Error(`no value for ${key} in ${path}`);
    return value;
  });
}
