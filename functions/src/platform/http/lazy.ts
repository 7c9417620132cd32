import type { RequestHandler, Router } from 'express';

/**
 * A module loaded on first use rather than when the function loads: adapters most requests never
 * use (Solana, SFTP, PDF, SMTP, Stripe) stay out of every instance's cold start
 * (docs/adr/0010-functions-bundle-lazy-loads-and-pinned-deps.md). Write `lazy(() => import('pkg'))`
 * and keep the types with `import type`: esbuild then evaluates the bundled module, or requires
 * the external package, only when the returned function is first awaited. A failed load is
 * forgotten, so the next use tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = null;
      throw err;
    }));
}

/** A lazily loaded area as Express sees it: `stack` is its routes once loaded (empty before), `load` loads them now. */
export type LazyRoutes = RequestHandler & { readonly stack: unknown[]; load: () => Promise<Router> };

/**
 * An area's routes, loaded with the first request under one of `prefixes` (paths as the router
 * above sees them): areas most requests never reach (the CMS, radio, orders…) stay out of the
 * cold start like the adapters. Any other request passes through without loading anything. Once
 * loaded, its routes show in the app's route list (tests/api/routes.ts loads every area first).
 */
export function lazyRoutes(prefixes: readonly string[], load: () => Promise<Router>): LazyRoutes {
  let loaded: Router | null = null;
  const router = lazy(async () => (loaded = await load()));
  const under = (path: string) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
  const handler: RequestHandler = async (req, res, next) => {
    if (!under(req.path)) return next();
    (await router())(req, res, next);
  };
  return Object.defineProperties(handler, {
    load: { value: router },
    stack: { get: (): unknown[] => (loaded as unknown as { stack: unknown[] } | null)?.stack ?? [] },
  }) as LazyRoutes;
}
