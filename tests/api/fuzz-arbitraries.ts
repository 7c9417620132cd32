/**
 * fast-check generators for the API fuzz test: request bodies derived from the routes' zod
 * schemas (through zod's JSON Schema of their input), bodies that are wrong on purpose, hostile
 * ids and path segments, and multipart bodies built byte by byte so they can be broken.
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

/** Generators to use for a property of this name instead of its schema (ids from the fixtures, say). */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

/** Strings of a length limit or just past it, where validation is most likely to slip. */
const boundaryString = (min: number, max: number | undefined): fc.Arbitrary<string> =>
  fc.constantFrom(...[min, Math.max(0, min - 1), ...(max === undefined ? [] : [max, max + 1])]).map((n) => 'x'.repeat(n));

function fromJsonSchema(s: JsonSchema, overrides: Overrides, key?: string): fc.Arbitrary<unknown> {
  const override = key === undefined ? undefined : overrides[key];
  if (override) return override;
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => fromJsonSchema(u, overrides)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const min = s.minLength ?? 0;
      let valid: fc.Arbitrary<string>;
      if (s.format === 'email') valid = fc.emailAddress();
      else if (s.pattern) valid = fc.stringMatching(new RegExp(s.pattern), { maxLength: Math.min(s.maxLength ?? 40, 40) });
      else valid = fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 40, 40)) });
      // Text with a lone surrogate: valid JSON, but Firestore cannot store it.
      const malformed = fc.constantFrom('\ud800', 'ok \udc00', 'x\ud83d');
      return fc.oneof({ arbitrary: valid, weight: 8 }, { arbitrary: boundaryString(min, s.maxLength), weight: 1 }, { arbitrary: malformed, weight: 1 });
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? -1e9, -1e9);
      const max = Math.min(s.maximum ?? 1e9, 1e9);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1, 0));
    }
    case 'number': {
      const min = s.minimum ?? -1e9;
      const max = s.maximum ?? 1e9;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max, min - 0.5, 1e308, -0, 5e-324));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(s.items ?? {}, overrides), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 6) });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromJsonSchema(v, overrides, k)]));
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values a zod schema's input may take (refinements and transforms aside: those are the API's to check). */
export function fromZod(schema: z.ZodType, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, overrides);
}

/** Keys a client should never get to set, and prototype-polluting ones. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'role', 'roles', 'user_id', 'uid', 'balance', 'status', 'seller_id', 'tokens', 'x'];

/** A valid-shaped object with one thing wrong: a value of the wrong type, a missing key, or a key too many. */
export function mistyped(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...EXTRA_KEYS), fc.constantFrom('retype', 'drop', 'add')).map(([v, i, value, extra, how]) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return value;
    const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    const keys = Object.keys(out);
    const key = keys.length ? keys[i % keys.length]! : extra;
    if (how === 'drop') delete out[key];
    else if (how === 'add') Object.defineProperty(out, extra, { value, enumerable: true, configurable: true, writable: true });
    else out[key] = value;
    return out;
  });
}

/** Text that is not the JSON it claims to be, or JSON that is not an object. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', '[', '}', '', ' ', 'null', 'true', '1', '"text"', '{"a":1,}', "{'a':1}", '{"a":"\\x"}', '\uFEFF{}', '{"a":1}{"b":2}', 'NaN', '[1,2', '{"__proto__":{"admin":true}}'),
  fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Path segments a client can send: each is placed in the URL as is (some are already %-encoded). */
export const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%2F',
  'a%2Fb',
  '__x__',
  '__proto__',
  'constructor',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%20',
  '...',
  '*',
  'x;y',
  '%3F',
  '%23',
  'null',
  'a'.repeat(700),
  'a'.repeat(701),
  'b'.repeat(1500),
] as const;

const safeEncode = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return 'x';
  }
};

/** A path segment: mostly `known` ids (the caller's own or another user's), else random or hostile. */
export function segment(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: known.length ? fc.constantFrom(...known).map(safeEncode) : fc.constant('none'), weight: 5 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(safeEncode), weight: 2 },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,28}$/), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 2 },
  );
}

/** An id in a JSON body: known ids, or strings a document id cannot be. */
export function bodyId(known: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('none'), weight: 6 },
    // Lone surrogates: valid JSON, not text, and no Firestore id; 400 chars of a 4-byte emoji: over Firestore's 1500-byte id limit.
    { arbitrary: fc.constantFrom('', '.', '..', '__x__', 'a/b', '../../etc/passwd', ' ', 'x'.repeat(701), '\u0000', '\ud800', 'a\udfffb', '😀'.repeat(400)), weight: 2 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 1 }), weight: 1 },
  );
}

/** Printable ASCII (what a header value may hold). */
export const headerText = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

/** A query string from parameter generators; each present parameter may also be repeated. */
export function query(params: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = Object.entries(params).map(([k, v]) => fc.option(fc.tuple(fc.constant(k), v, fc.boolean()), { nil: undefined, freq: 2 }));
  return fc.tuple(fc.tuple(...entries), fc.option(fc.tuple(headerText(12), headerText(12)), { freq: 6 })).map(([chosen, extra]) => {
    const parts: string[] = [];
    for (const c of chosen) {
      if (!c) continue;
      parts.push(`${c[0]}=${safeEncode(c[1])}`);
      if (c[2] && parts.length % 5 === 0) parts.push(`${c[0]}=${safeEncode(c[1])}`);
    }
    if (extra) parts.push(`${safeEncode(extra[0])}=${safeEncode(extra[1])}`);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

export type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string };

/** How a multipart body is broken, if at all. */
export type Mangle = 'none' | 'no-boundary-param' | 'wrong-boundary' | 'truncated' | 'no-closing' | 'garbage' | 'bad-disposition' | 'empty';

export const MANGLES: readonly Mangle[] = ['none', 'no-boundary-param', 'wrong-boundary', 'truncated', 'no-closing', 'garbage', 'bad-disposition', 'empty'];

/** The bytes and Content-Type of a multipart/form-data body, broken as `mangle` says. */
export function multipart(parts: Part[], mangle: Mangle, boundary = 'fuzzBoundary7MA4YWxk'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      mangle === 'bad-disposition' ? `Content-Disposition: form-data; nam="${p.name}` : `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\n${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'), Buffer.from('\r\n'));
  }
  if (mangle !== 'no-closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  if (mangle === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
  if (mangle === 'garbage') body = Buffer.concat([Buffer.from('\u0000\u00ff garbage \r\n--'), body.subarray(7)]);
  if (mangle === 'empty') body = Buffer.alloc(0);
  const contentType =
    mangle === 'no-boundary-param' ? 'multipart/form-data' : mangle === 'wrong-boundary' ? 'multipart/form-data; boundary=notTheOneUsed' : `multipart/form-data; boundary=${boundary}`;
  return { body, contentType };
}
