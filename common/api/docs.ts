import { endpoint, other } from './contract';

/** The API's own description (functions/src/app.ts serves it, loaded with its first request). */
export const docs = {
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document (docs/openapi.json), generated from the declarations in common/api',
    response: other('file', 200, 'application/json'),
  }),
} as const;
