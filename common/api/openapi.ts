/**
 * The OpenAPI 3.1 document of the API, built from the declarations (common/api/index.ts) with
 * zod's own JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect). scripts/openapi.ts writes
 * it to docs/openapi.json (a test fails when that file is not current); /api/openapi.json serves it.
 */
import { z } from 'zod';
import type { Endpoint, Reply } from './contract';
import { declarations } from './index';

type JsonSchema = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** '/api/orders/:id' → '/api/orders/{id}'; '{*path}' → '{path}'. */
export const openApiPath = (path: string): string => path.replace(/\{\*(\w+)\}/g, '{$1}').replace(/:(\w+)/g, '{$1}');

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'Anyone (no sign-in).',
  user: 'Signed in (401 otherwise).',
  owner: "Signed in; only the resource's owner gets it (anyone else: 404 or 403).",
  admin: 'The admin role (401 signed out, 403 without it).',
  super: 'The super admin role (401 signed out, 403 without it).',
};

function parameters(e: Endpoint): JsonSchema[] {
  const out: JsonSchema[] = [];
  const params = e.params ? (schemaOf(e.params, 'input').properties as Record<string, JsonSchema> | undefined) : undefined;
  for (const name of [...e.path.matchAll(/\{\*(\w+)\}|:(\w+)/g)].map((m) => (m[1] ?? m[2])!)) {
    out.push({ name, in: 'path', required: true, schema: params?.[name] ?? { type: 'string' } });
  }
  if (e.query) {
    const q = schemaOf(e.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, JsonSchema> | undefined) ?? {})) out.push({ name, in: 'query', required: required.has(name), schema });
  }
  return out;
}

function requestBody(e: Endpoint): JsonSchema | undefined {
  const b = e.body;
  if (!b) return undefined;
  if (b.kind === 'raw') return { required: true, content: { [b.contentType]: { schema: {} } } };
  if (b.kind === 'multipart') {
    const fields = schemaOf(b.fields, 'input');
    const properties = { ...((fields.properties as JsonSchema | undefined) ?? {}), ...Object.fromEntries(b.files.map((f) => [f, { type: 'string', contentMediaType: 'application/octet-stream' }])) };
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
  }
  // A body that may be absent: zod's `undefined` member of a union says nothing in JSON Schema.
  const schema = schemaOf(b.schema, 'input');
  const optional = b.absentIsEmpty === true || b.schema.safeParse(undefined).success;
  return { required: !optional, content: { 'application/json': { schema } } };
}

function responses(r: Reply): JsonSchema {
  const refusal = { description: 'Refused: { error: { code, message } }', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const ok =
    r.kind === 'json'
      ? { description: 'OK', content: { 'application/json': { schema: schemaOf(r.schema, 'output') } } }
      : r.kind === 'redirect'
        ? { description: 'A redirect (Location)', headers: { Location: { schema: { type: 'string' } } } }
        : r.kind === 'empty'
          ? { description: 'No content' }
          : { description: r.kind === 'stream' ? 'Server-Sent Events' : `A ${r.kind}`, content: { [r.contentType ?? 'application/octet-stream']: { schema: {} } } };
  return { [String(r.status)]: ok, '4XX': refusal };
}

export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { area, name, endpoint: e } of declarations()) {
    const op: JsonSchema = {
      operationId: `${area}.${name}`,
      tags: [area],
      summary: e.summary,
      description: `Access: ${e.access}. ${ACCESS_TEXT[e.access]}${e.denied ? ` Refused as: "${e.denied}".` : ''}${e.superAdminParts ? ` Super admins only: ${e.superAdminParts}.` : ''}`,
      'x-access': e.access,
      ...(e.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      parameters: parameters(e),
      ...(requestBody(e) ? { requestBody: requestBody(e) } : {}),
      responses: responses(e.response),
    };
    (paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Fool Rate API', version: '1', description: 'Generated from common/api by scripts/openapi.ts (npm run openapi). Flows and error meanings: docs/api.md.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A Firebase ID token' } },
      schemas: {
        Error: {
          type: 'object',
          properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
          required: ['error'],
        },
      },
    },
  };
}

/** The document as docs/openapi.json holds it. */
export const openApiJson = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
