import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { docKey, publicFieldsOf, rxSchemaOf } from './rx-schema';

const doc = z.object({
  id: docKey,
  name: z.string(),
  kind: z.nullable(z.enum(['a', 'b'])),
  tags: z.array(z.string()),
  note: z.optional(z.nullable(z.string())),
  child: z.nullable(z.object({ n: z.number(), ok: z.boolean() })),
  updatedAt: z.number(),
});

describe('rxSchemaOf', () => {
  it('writes the JSON schema RxDB stores, with null among a nullable enum and optional keys not required', () => {
    expect(rxSchemaOf(doc, { version: 2 })).toEqual({
      version: 2,
      primaryKey: 'id',
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 128 },
        name: { type: 'string' },
        kind: { type: ['string', 'null'], enum: ['a', 'b', null] },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
        child: { type: ['object', 'null'], properties: { n: { type: 'number' }, ok: { type: 'boolean' } }, required: ['n', 'ok'] },
        updatedAt: { type: 'number' },
      },
      required: ['id', 'name', 'kind', 'tags', 'child', 'updatedAt'],
    });
  });

  it('keeps a stored schema’s required list when given one', () => {
    expect(rxSchemaOf(doc, { version: 0, required: ['id', 'updatedAt'] }).required).toEqual(['id', 'updatedAt']);
  });

  it('refuses a zod type it cannot express', () => {
    expect(() => rxSchemaOf(z.object({ id: docKey, at: z.date() }), { version: 0 })).toThrow("no JSON schema for zod type 'date'");
  });
});

describe('publicFieldsOf', () => {
  it('is every key but id and updatedAt', () => {
    expect(publicFieldsOf(doc.shape)).toEqual(['name', 'kind', 'tags', 'note', 'child']);
  });
});
