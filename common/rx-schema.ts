import * as z from 'zod/mini';
import type { $ZodObject, $ZodShape, $ZodType, $ZodTypes } from 'zod/v4/core';

/** Every replicated document's primary key (RxDB needs a maxLength on it) and change time (server ms). */
export const docKey = z.string().check(z.maxLength(128));
export const changeTime = z.number();

/** A JSON schema as RxDB stores it (its hash decides whether a stored database still opens). */
type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type JsonSchema = {
  type: JsonType | JsonType[];
  maxLength?: number;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export type RxSchemaOf<K extends string = string> = JsonSchema & {
  version: number;
  primaryKey: 'id';
  type: 'object';
  properties: Record<K, JsonSchema>;
  required: K[];
};

const isOptional = (schema: $ZodType) => (schema as $ZodTypes)._zod.def.type === 'optional';

function jsonOf(schema: $ZodType): JsonSchema {
  const def = (schema as $ZodTypes)._zod.def;
  switch (def.type) {
    case 'string': {
      const max = def.checks?.map((c) => c._zod.def).find((c) => c.check === 'max_length');
      return max && 'maximum' in max ? { type: 'string', maxLength: max.maximum as number } : { type: 'string' };
    }
    case 'number':
    case 'boolean':
      return { type: def.type };
    case 'enum':
      return { type: 'string', enum: Object.values(def.entries) };
    case 'array':
      return { type: 'array', items: jsonOf(def.element) };
    case 'object':
      return objectOf(def.shape);
    case 'optional':
      return jsonOf(def.innerType);
    case 'nullable': {
      const inner = jsonOf(def.innerType);
      // A nullable enum lists null among its values too, or RxDB's validators refuse null.
      return { ...inner, type: [inner.type as JsonType, 'null'], ...(inner.enum ? { enum: [...inner.enum, null] } : {}) };
    }
    default:
      throw new Error(`rxSchemaOf: no JSON schema for zod type '${def.type}'`);
  }
}

function objectOf(shape: $ZodShape): JsonSchema {
  const properties = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, jsonOf(value)]));
  const required = Object.keys(shape).filter((key) => !isOptional(shape[key]!));
  return { type: 'object', properties, required };
}

/**
 * The RxDB schema of a replicated document, derived from its zod schema (optional keys are not
 * required). `required` overrides the derived list where a stored schema's must stay as it was.
 */
export function rxSchemaOf<S extends $ZodShape>(
  schema: $ZodObject<S>,
  options: { version: number; required?: ReadonlyArray<keyof S & string> },
): RxSchemaOf<keyof S & string> {
  const { properties, required } = objectOf(schema._zod.def.shape);
  return {
    version: options.version,
    primaryKey: 'id',
    type: 'object',
    properties: properties as Record<keyof S & string, JsonSchema>,
    required: (options.required ? [...options.required] : required) as Array<keyof S & string>,
  };
}

/** The fields the server sends a client: every key of the document but its id and change time. */
export const publicFieldsOf = <S extends $ZodShape>(shape: S) =>
  Object.keys(shape).filter((key) => key !== 'id' && key !== 'updatedAt') as Array<Exclude<keyof S & string, 'id' | 'updatedAt'>>;
