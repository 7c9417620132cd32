/**
 * Queries answered as Firestore answers them, in place of the package's `v1Query`
 * (docs/adr/0004-firestore-stand-in-answers-as-firestore-does.md). The package compared
 * values only within one protobuf type (an integer 2 sorted apart from a double 1.5), ignored
 * cursors, offsets and ordering by name, read no nested field, and answered no collection-group
 * query. Here:
 * - values order as https://firebase.google.com/docs/firestore/manage-data/data-types#value_type_ordering
 *   says (null < booleans < numbers, integers and doubles together by value with NaN first <
 *   timestamps < strings < bytes < references < geo points < arrays < maps), the comparator
 *   of firebase-admin's own `order.js`;
 * - a range or equality filter matches values of the filter value's type (numbers as one type);
 *   `!=` and `not-in` skip missing fields and null;
 * - a document lacking an ordered field (explicit, or an inequality's implicit order) is left
 *   out; ties end on the document name, in the last order's direction;
 * - `all_descendants` (a collection group) takes every collection of that id under the parent;
 * - cursors (start_at, end_at, before or not), then offset, then limit.
 */
import { createRequire } from 'node:module';

/** A value as the package stores a field (its FirestoreStateDocument*Field classes), or converted from a request's Value. */
export type Val = { type: string; value: any };

/** The package's document, as far as queries use it. */
export type StateDoc = {
  name: string;
  metadata: { hasExist: boolean };
  getPath(): string;
  fields?: Record<string, Val>;
};

const TYPE_ORDER: Record<string, number> = {
  null_value: 0,
  boolean_value: 1,
  integer_value: 2,
  double_value: 2,
  timestamp_value: 3,
  string_value: 4,
  bytes_value: 5,
  reference_value: 6,
  geo_point_value: 7,
  array_value: 8,
  map_value: 10,
};

const prim = (a: any, b: any): number => (a < b ? -1 : a > b ? 1 : 0);

function compareNumbers(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  return 1;
}

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
/** UTF-8 byte order (firebase-admin's compareUtf8Strings). */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return isSurrogate(x) === isSurrogate(y) ? prim(x, y) : isSurrogate(x) ? 1 : -1;
  }
  return prim(a.length, b.length);
}

/** Document names compare segment by segment. */
function compareReferences(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareStrings(x[i]!, y[i]!);
    if (c) return c;
  }
  return prim(x.length, y.length);
}

export function compareValues(a: Val, b: Val): number {
  const ta = TYPE_ORDER[a.type] ?? 99;
  const tb = TYPE_ORDER[b.type] ?? 99;
  if (ta !== tb) return ta - tb;
  switch (a.type) {
    case 'null_value':
      return 0;
    case 'boolean_value':
      return prim(a.value, b.value);
    case 'integer_value':
    case 'double_value':
      return compareNumbers(Number(a.value), Number(b.value));
    case 'timestamp_value':
      return prim(Number(a.value.seconds ?? 0), Number(b.value.seconds ?? 0)) || prim(a.value.nanos ?? 0, b.value.nanos ?? 0);
    case 'string_value':
      return compareStrings(a.value, b.value);
    case 'bytes_value':
      return Buffer.compare(Buffer.from(a.value), Buffer.from(b.value));
    case 'reference_value':
      return compareReferences(a.value, b.value);
    case 'geo_point_value':
      return prim(a.value.latitude ?? 0, b.value.latitude ?? 0) || prim(a.value.longitude ?? 0, b.value.longitude ?? 0);
    case 'array_value': {
      const x = a.value as Val[];
      const y = b.value as Val[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i]!, y[i]!);
        if (c) return c;
      }
      return prim(x.length, y.length);
    }
    case 'map_value': {
      const x = a.value as Record<string, Val>;
      const y = b.value as Record<string, Val>;
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      for (let i = 0; i < Math.min(kx.length, ky.length); i++) {
        const c = compareStrings(kx[i]!, ky[i]!) || compareValues(x[kx[i]!]!, y[ky[i]!]!);
        if (c) return c;
      }
      return prim(kx.length, ky.length);
    }
    default:
      return 0;
  }
}

const sameType = (a: Val, b: Val) => TYPE_ORDER[a.type] === TYPE_ORDER[b.type];
const isNaNValue = (v: Val) => v.type === 'double_value' && Number.isNaN(Number(v.value));
const equal = (a: Val, b: Val) => sameType(a, b) && compareValues(a, b) === 0;

/** A request's protobuf Value as a Val. */
export function fromMessage(m: any): Val {
  if (m.has_null_value) return { type: 'null_value', value: null };
  if (m.has_boolean_value) return { type: 'boolean_value', value: m.boolean_value };
  if (m.has_integer_value) return { type: 'integer_value', value: Number(m.integer_value) };
  if (m.has_double_value) return { type: 'double_value', value: m.double_value };
  if (m.has_timestamp_value) return { type: 'timestamp_value', value: { seconds: Number(m.timestamp_value.seconds), nanos: m.timestamp_value.nanos } };
  if (m.has_string_value) return { type: 'string_value', value: m.string_value };
  if (m.has_bytes_value) return { type: 'bytes_value', value: m.bytes_value };
  if (m.has_reference_value) return { type: 'reference_value', value: m.reference_value };
  if (m.has_geo_point_value) return { type: 'geo_point_value', value: { latitude: m.geo_point_value.latitude, longitude: m.geo_point_value.longitude } };
  if (m.has_array_value) return { type: 'array_value', value: (m.array_value.values as any[]).map(fromMessage) };
  if (m.has_map_value) return { type: 'map_value', value: Object.fromEntries([...(m.map_value.fields as Map<string, any>).entries()].map(([k, v]) => [k, fromMessage(v)])) };
  return { type: 'null_value', value: null };
}

/** `a.b`, `` `a.b`.c ``: a field path's segments. */
export function pathSegments(path: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === '`') quoted = !quoted;
    else if (ch === '\\' && quoted) cur += path[++i] ?? '';
    else if (ch === '.' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const NAME = '__name__';

function fieldOf(doc: StateDoc, path: string): Val | undefined {
  if (path === NAME) return { type: 'reference_value', value: doc.getPath() };
  const fields = (doc as unknown as { fields: Record<string, Val> }).fields;
  if (!path.includes('.') && !path.includes('`')) return fields[path];
  let v: Val | undefined = { type: 'map_value', value: fields };
  for (const seg of pathSegments(path)) {
    if (v?.type !== 'map_value') return undefined;
    v = (v.value as Record<string, Val>)[seg];
  }
  return v;
}

// StructuredQuery.FieldFilter.Operator and UnaryFilter.Operator (google/firestore/v1/query.proto).
const OP = { LT: 1, LTE: 2, GT: 3, GTE: 4, EQ: 5, NE: 6, ARRAY_CONTAINS: 7, IN: 8, ARRAY_CONTAINS_ANY: 9, NOT_IN: 10 } as const;
const UNARY = { IS_NAN: 2, IS_NULL: 3, IS_NOT_NAN: 4, IS_NOT_NULL: 5 } as const;
const INEQUALITIES: readonly number[] = [OP.LT, OP.LTE, OP.GT, OP.GTE, OP.NE, OP.NOT_IN];

type Predicate = (doc: StateDoc) => boolean;

function fieldPredicate(f: any): Predicate {
  const path = f.field.field_path as string;
  const target = fromMessage(f.value);
  const op = f.op as number;
  const list = target.type === 'array_value' ? (target.value as Val[]) : [];
  return (doc) => {
    const v = fieldOf(doc, path);
    if (!v) return false;
    switch (op) {
      case OP.EQ:
        return equal(v, target);
      case OP.NE:
        return v.type !== 'null_value' && !equal(v, target);
      case OP.LT:
        return sameType(v, target) && compareValues(v, target) < 0;
      case OP.LTE:
        return sameType(v, target) && compareValues(v, target) <= 0;
      case OP.GT:
        return sameType(v, target) && compareValues(v, target) > 0;
      case OP.GTE:
        return sameType(v, target) && compareValues(v, target) >= 0;
      case OP.ARRAY_CONTAINS:
        return v.type === 'array_value' && (v.value as Val[]).some((x) => equal(x, target));
      case OP.ARRAY_CONTAINS_ANY:
        return v.type === 'array_value' && (v.value as Val[]).some((x) => list.some((t) => equal(x, t)));
      case OP.IN:
        return list.some((t) => equal(v, t));
      case OP.NOT_IN:
        return v.type !== 'null_value' && !list.some((t) => equal(v, t));
      default:
        throw new Error(`Unsupported filter operator ${op}`);
    }
  };
}

function unaryPredicate(f: any): Predicate {
  const path = f.field.field_path as string;
  const op = f.op as number;
  return (doc) => {
    const v = fieldOf(doc, path);
    if (!v) return false;
    if (op === UNARY.IS_NAN) return isNaNValue(v);
    if (op === UNARY.IS_NULL) return v.type === 'null_value';
    if (op === UNARY.IS_NOT_NAN) return !isNaNValue(v) && v.type !== 'null_value';
    if (op === UNARY.IS_NOT_NULL) return v.type !== 'null_value';
    throw new Error(`Unsupported unary filter operator ${op}`);
  };
}

function predicate(filter: any): Predicate {
  if (filter.has_field_filter) return fieldPredicate(filter.field_filter);
  if (filter.has_unary_filter) return unaryPredicate(filter.unary_filter);
  if (filter.has_composite_filter) {
    const parts = (filter.composite_filter.filters as any[]).map(predicate);
    return filter.composite_filter.op === 2 ? (d) => parts.some((p) => p(d)) : (d) => parts.every((p) => p(d));
  }
  return () => true;
}

/** The fields of the query's inequality filters (range, `!=`, `not-in`, `!= NaN`, `!= null`). */
function inequalityFields(filter: any, out: Set<string>): Set<string> {
  if (filter.has_field_filter && INEQUALITIES.includes(filter.field_filter.op)) out.add(filter.field_filter.field.field_path);
  if (filter.has_unary_filter && (filter.unary_filter.op === UNARY.IS_NOT_NAN || filter.unary_filter.op === UNARY.IS_NOT_NULL))
    out.add(filter.unary_filter.field.field_path);
  if (filter.has_composite_filter) for (const f of filter.composite_filter.filters) inequalityFields(f, out);
  return out;
}

/** The values of every `in`, `not-in` and `array-contains-any` filter, for the limits Firestore enforces. */
export function disjunctionSizes(filter: any, out: { op: number; size: number }[] = []): { op: number; size: number }[] {
  if (!filter) return out;
  if (filter.has_field_filter) {
    const f = filter.field_filter;
    if (f.op === OP.IN || f.op === OP.NOT_IN || f.op === OP.ARRAY_CONTAINS_ANY) out.push({ op: f.op, size: f.value.has_array_value ? f.value.array_value.values.length : 0 });
  }
  if (filter.has_composite_filter) for (const f of filter.composite_filter.filters) disjunctionSizes(f, out);
  return out;
}

/**
 * Why Firestore refuses the query (INVALID_ARGUMENT), or null: `in` and `array-contains-any`
 * take up to 30 values, `not-in` up to 10
 * (https://firebase.google.com/docs/firestore/query-data/queries#limitations).
 */
export function invalidQuery(query: any): string | null {
  if (!query?.has_where) return null;
  for (const { op, size } of disjunctionSizes(query.where)) {
    const name = op === OP.IN ? 'IN' : op === OP.NOT_IN ? 'NOT_IN' : 'ARRAY_CONTAINS_ANY';
    const max = op === OP.NOT_IN ? 10 : 30;
    if (size > max) return `'${name}' supports up to ${max} comparison values.`;
  }
  return null;
}

type Order = { path: string; descending: boolean };

/** Explicit orders, then the inequality fields not ordered yet, then the document name. */
function effectiveOrders(query: any): Order[] {
  const orders: Order[] = (query.order_by as any[]).map((o) => ({ path: o.field.field_path as string, descending: o.direction === 2 }));
  if (query.has_where) {
    const ordered = new Set(orders.map((o) => o.path));
    const extra = [...inequalityFields(query.where, new Set())].filter((p) => !ordered.has(p)).sort(compareStrings);
    for (const path of extra) orders.push({ path, descending: false });
  }
  if (!orders.some((o) => o.path === NAME)) orders.push({ path: NAME, descending: orders.at(-1)?.descending ?? false });
  return orders;
}

type HasChildren = { collections: Record<string, { name: string; getAllDocuments(): StateDoc[] }> };

/** Every document of every collection named `id` at any depth under `holder` (a database or a document). */
function descendants(holder: HasChildren, id: string, out: StateDoc[]): StateDoc[] {
  for (const collection of Object.values(holder.collections ?? {})) {
    for (const doc of collection.getAllDocuments()) {
      if (collection.name === id && doc.metadata.hasExist) out.push(doc);
      descendants(doc as unknown as HasChildren, id, out);
    }
  }
  return out;
}

type State = {
  getCollection(path: string): { getAllDocuments(): StateDoc[] };
  getDocument(path: string): StateDoc;
  getProject(name: string): { getDatabase(name: string): HasChildren };
};

function candidates(state: State, parent: string, from: { collection_id: string; all_descendants: boolean }): StateDoc[] {
  if (!from.all_descendants) return state.getCollection(`${parent}/${from.collection_id}`).getAllDocuments().filter((d) => d.metadata.hasExist);
  const parts = parent.split('/');
  // projects/{p}/databases/{d}/documents[/{collection}/{doc}...]
  const holder = parts.length === 5 ? state.getProject(parts[1]!).getDatabase(parts[3]!) : (state.getDocument(parent) as unknown as HasChildren);
  return descendants(holder, from.collection_id, []);
}

/** The documents a structured query returns, in order. */
export function runQuery(state: State, parent: string, query: any): StateDoc[] {
  if (query.from.length !== 1) throw new Error('query.from.length must be 1');
  let docs = candidates(state, parent, query.from[0]);
  if (query.has_where) {
    const keep = predicate(query.where);
    docs = docs.filter(keep);
  }
  const orders = effectiveOrders(query);
  const keyed: { doc: StateDoc; key: Val[] }[] = [];
  for (const doc of docs) {
    const key: Val[] = [];
    for (const o of orders) {
      const v = fieldOf(doc, o.path);
      if (!v) break;
      key.push(v);
    }
    if (key.length === orders.length) keyed.push({ doc, key });
  }
  const cmp = (a: Val[], b: Val[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i]!, b[i]!);
      if (c) return orders[i]!.descending ? -c : c;
    }
    return 0;
  };
  keyed.sort((a, b) => cmp(a.key, b.key));
  let rows = keyed;
  if (query.has_start_at) {
    const values = (query.start_at.values as any[]).map(fromMessage);
    const before = query.start_at.before === true;
    rows = rows.filter((r) => (before ? cmp(r.key, values) >= 0 : cmp(r.key, values) > 0));
  }
  if (query.has_end_at) {
    const values = (query.end_at.values as any[]).map(fromMessage);
    const before = query.end_at.before === true;
    rows = rows.filter((r) => (before ? cmp(r.key, values) < 0 : cmp(r.key, values) <= 0));
  }
  let out = rows.map((r) => r.doc);
  if (query.offset) out = out.slice(query.offset);
  if (query.has_limit) out = out.slice(0, query.limit.value);
  return out;
}

/** Puts runQuery in place of the package's v1Query (queries, aggregations and query listeners all call it). */
export function patchQueries(emulatorEntry: string): void {
  const { FirestoreState } = createRequire(emulatorEntry)('@firestore-emulator/server') as { FirestoreState: { prototype: Record<string, unknown> } };
  FirestoreState.prototype.v1Query = function (this: State, parent: string, query: unknown) {
    return runQuery(this, parent, query);
  };
}
