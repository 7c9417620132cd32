import { Router } from 'express';
import { docs } from '../../../common/api/docs';
import { openApiJson } from '../../../common/api/openapi';
import type { Deps } from '../platform/deps';
import { mounter } from '../platform/http/mount';

/** GET /api/openapi.json: the OpenAPI 3.1 document, built from the declarations once (this area loads with its first request). */
export function openApiRouter(deps: Deps): Router {
  const router = Router();
  let body: string | null = null;
  mounter(deps, router, '/api')(docs.openapi, (_req, res) => {
    body ??= openApiJson();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  });
  return router;
}
