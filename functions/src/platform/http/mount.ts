import type { RequestHandler, Router } from 'express';
import type { Endpoint } from '../../../../common/api/contract';
import { requireAdmin, requireCaller, requireSuperAdmin } from './auth';
import type { Deps } from '../deps';
import { parse } from './validate';

/** The role check an endpoint's `access` asks for (none for public). */
function accessCheck(deps: Deps, e: Endpoint): RequestHandler | null {
  switch (e.access) {
    case 'public':
      return null;
    case 'user':
    case 'owner':
      // The owner's check is the handler's: it alone knows whose the resource is.
      return (_req, res, next) => {
        requireCaller(res);
        next();
      };
    case 'admin':
      return requireAdmin(deps);
    case 'super':
      if (!e.denied) throw new Error(`${e.method} ${e.path}: a super admin endpoint says what an admin is refused (denied)`);
      return requireSuperAdmin(deps, e.denied);
  }
}

/** Validates the request parts an endpoint declares (a 400 naming the first problem), unless its handler reads them itself. */
function validation(e: Endpoint): RequestHandler | null {
  if (e.checkedBy === 'handler') return null;
  const body = e.body?.kind === 'json' ? e.body : null;
  if (!e.params && !e.query && !body) return null;
  return (req, _res, next) => {
    if (e.params) parse(e.params, req.params);
    if (e.query) parse(e.query, req.query);
    if (body) parse(body.schema, body.absentIsEmpty ? (req.body ?? {}) : req.body);
    next();
  };
}

/**
 * With env.checkReplies (the API tests; never deployed): a successful JSON answer that does not
 * match the endpoint's declared response schema is answered as a 500 naming the endpoint and the
 * first mismatch instead, so a declaration cannot drift from what the handler sends.
 */
function replyCheck(deps: Deps, e: Endpoint): RequestHandler | null {
  if (!deps.env.checkReplies || e.response.kind !== 'json') return null;
  const schema = e.response.schema;
  return (_req, res, next) => {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400) return send(body);
      const checked = schema.safeParse(body);
      if (checked.success) return send(body);
      const issue = checked.error.issues[0];
      res.status(500);
      return send({ error: { code: 'reply_invalid', message: `${e.method} ${e.path} answered outside its declared schema: ${issue?.path.join('.') || '(root)'}: ${issue?.message}` } });
    };
    next();
  };
}

/**
 * Mounts handlers from endpoint declarations (common/api) on a router mounted at `base` (e.g.
 * '/api/orders'): the method and path, then the role check (`access`), then validation of the
 * declared params, query and JSON body, then `handlers`. `guarded`: the access the router
 * already checks for every request (the CMS's router-wide requireAdmin), not checked again.
 * `on.guarded(e, guard, ...handlers)` runs a further role check of the endpoint's
 * (`superAdminParts`) after the declared one and before validation.
 */
export function mounter(deps: Deps, router: Router, base: string, guarded?: 'admin') {
  const mount = (e: Endpoint, guard: RequestHandler | null, handlers: RequestHandler[]): void => {
    if (!e.path.startsWith(base)) throw new Error(`${e.method} ${e.path} is not under ${base}`);
    const path = e.path.slice(base.length) || '/';
    const access = guarded === 'admin' && e.access === 'admin' ? null : accessCheck(deps, e);
    const chain = [replyCheck(deps, e), access, guard, validation(e), ...handlers].filter((h): h is RequestHandler => h !== null);
    if (e.method === 'GET') router.get(path, ...chain);
    else router.post(path, ...chain);
  };
  const on = (e: Endpoint, ...handlers: RequestHandler[]): void => mount(e, null, handlers);
  on.guarded = (e: Endpoint, guard: RequestHandler, ...handlers: RequestHandler[]): void => {
    if (!e.superAdminParts) throw new Error(`${e.method} ${e.path}: a further role check needs the declaration's superAdminParts`);
    mount(e, guard, handlers);
  };
  return on;
}
