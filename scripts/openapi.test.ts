import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientTable } from '../common/api/client-table';
import { ACCESS } from '../common/api/contract';
import { declarations, keyOf } from '../common/api/index';
import { openApiDocument, openApiJson, openApiPath } from '../common/api/openapi';

/** The files `npm run openapi` writes (scripts/openapi.ts) are what the declarations make now. */
describe('generated from the endpoint declarations', () => {
  it('docs/openapi.json is current (run `npm run openapi`)', () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(openApiJson());
  });

  it('src/lib/api/endpoints.gen.ts is current (run `npm run openapi`)', () => {
    expect(readFileSync('src/lib/api/endpoints.gen.ts', 'utf8')).toBe(clientTable());
  });

  it('is an OpenAPI 3.1 document with an operation for every declaration, bearer-secured unless public', () => {
    const doc = openApiDocument() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; security?: unknown; parameters: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const all = declarations();
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(ops).toHaveLength(all.length);
    for (const { area, name, endpoint: e } of all) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, keyOf(e)).toBeDefined();
      expect(op!.operationId).toBe(`${area}.${name}`);
      expect(op!.security, keyOf(e)).toEqual(e.access === 'public' ? undefined : [{ bearer: [] }]);
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([...e.path.matchAll(/\{\*(\w+)\}|:(\w+)/g)].map((m) => m[1] ?? m[2]));
      expect(Object.keys(op!.responses)).toContain(String(e.response.status));
    }
  });

  it('declares each method and path once, with a known access and a denial message for super admins', () => {
    const keys = declarations().map(({ endpoint }) => keyOf(endpoint));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const { endpoint: e } of declarations()) {
      expect(ACCESS).toContain(e.access);
      if (e.access === 'super') expect(e.denied, keyOf(e)).toEqual(expect.any(String));
    }
  });
});
