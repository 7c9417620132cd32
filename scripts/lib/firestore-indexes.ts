/**
 * Which composite index a query needs, checked against firestore.indexes.json, so that the local
 * emulator refuses what deployed Firestore refuses (FAILED_PRECONDITION, "The query requires an
 * index"). The package answers any query; without this, a query whose index was never declared
 * passes every test and fails only once deployed.
 *
 * Firestore serves from its automatic single-field indexes (each field ascending, descending and
 * array-contains, with the document name last) any query that has only equality filters
 * (merging those indexes), or one ordered field and nothing else. A query that filters on
 * equality (==, in, array-contains) and orders on another field (explicitly, or by an inequality
 * filter's implicit order), or orders on two fields or more, needs a composite index: its
 * equality fields in any order, then its ordered fields in order and direction, then the
 * document name (in the last field's direction unless the index says otherwise).
 * Stricter than Firestore in one way: Firestore can also serve equalities on several fields by
 * merging composite indexes that each hold one of them; here one index must hold them all.
 * Doubtful cases (an OR filter, a collection-group query) are not checked, nor are listeners
 * (Listen), only the queries and counts a request runs.
 */
import { readFileSync } from 'node:fs';

export type IndexField = { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS' };
export type IndexSpec = { collectionGroup: string; queryScope: 'COLLECTION' | 'COLLECTION_GROUP'; fields: IndexField[] };

/** The indexes a deployment declares (firebase.json's `firestore.indexes`). */
export function loadIndexes(file = new URL('../../firestore.indexes.json', import.meta.url)): IndexSpec[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { indexes: IndexSpec[] }).indexes;
}

// google.firestore.v1.StructuredQuery enums.
const OP = { EQUAL: 5, IN: 8, ARRAY_CONTAINS: 7, ARRAY_CONTAINS_ANY: 9, NOT_EQUAL: 6, NOT_IN: 10 } as const;
const AND = 1;
const DESCENDING = 2;
const NAME = '__name__';

type FieldFilter = { field: { field_path: string }; op: number };
type UnaryFilter = { field: { field_path: string }; op: number };
type Filter = {
  has_field_filter?: boolean;
  field_filter?: FieldFilter;
  has_unary_filter?: boolean;
  unary_filter?: UnaryFilter;
  has_composite_filter?: boolean;
  composite_filter?: { op: number; filters: Filter[] };
};
// UnaryFilter.Operator: IS_NAN 2, IS_NULL 3 are equalities; IS_NOT_NAN 4, IS_NOT_NULL 5 inequalities.
const UNARY_EQUAL = new Set([2, 3]);
/** The parts of a StructuredQuery (as the emulator package decodes it) that decide its index. */
export type QueryShape = {
  from: { collection_id: string; all_descendants?: boolean }[];
  has_where?: boolean;
  where?: Filter;
  order_by: { field: { field_path: string }; direction: number }[];
};

type Order = { field: string; descending: boolean };
/** What a query needs of a composite index; null when single-field indexes serve it (or it is not checked). */
type Need = { collection: string; equality: Map<string, 'eq' | 'contains'>; orders: Order[]; nameDescending: boolean };

function fieldFilters(filter: Filter): FieldFilter[] | null {
  if (filter.has_field_filter && filter.field_filter) return [filter.field_filter];
  if (filter.has_unary_filter && filter.unary_filter) {
    const { field, op } = filter.unary_filter;
    return [{ field, op: UNARY_EQUAL.has(op) ? OP.EQUAL : OP.NOT_EQUAL }];
  }
  if (filter.has_composite_filter && filter.composite_filter) {
    if (filter.composite_filter.op !== AND) return null;
    const all: FieldFilter[] = [];
    for (const f of filter.composite_filter.filters) {
      const inner = fieldFilters(f);
      if (!inner) return null;
      all.push(...inner);
    }
    return all;
  }
  return [];
}

function needOf(query: QueryShape): Need | null {
  const from = query.from[0];
  if (query.from.length !== 1 || !from || from.all_descendants) return null;
  const filters = query.has_where && query.where ? fieldFilters(query.where) : [];
  if (!filters) return null;
  const equality = new Map<string, 'eq' | 'contains'>();
  const inequality: string[] = [];
  for (const { field, op } of filters) {
    if (op === OP.EQUAL || op === OP.IN) equality.set(field.field_path, equality.get(field.field_path) ?? 'eq');
    else if (op === OP.ARRAY_CONTAINS || op === OP.ARRAY_CONTAINS_ANY) equality.set(field.field_path, 'contains');
    else if (!inequality.includes(field.field_path)) inequality.push(field.field_path);
  }
  const explicit: Order[] = query.order_by.map((o) => ({ field: o.field.field_path, descending: o.direction === DESCENDING }));
  // An inequality orders by its field, after the explicit orders and in the last one's direction
  // (ascending when there is none), as the document name does; an equality's field is constant.
  const lastDescending = explicit.at(-1)?.descending ?? false;
  for (const field of inequality.sort()) if (!explicit.some((o) => o.field === field)) explicit.push({ field, descending: lastDescending });
  const byName = explicit.find((o) => o.field === NAME);
  const orders = explicit.filter((o) => o.field !== NAME && !(equality.get(o.field) === 'eq'));
  if (orders.length === 0 || (orders.length === 1 && equality.size === 0)) return null;
  return { collection: from.collection_id, equality, orders, nameDescending: byName ? byName.descending : orders.at(-1)!.descending };
}

function serves(index: IndexSpec, need: Need): boolean {
  if (index.collectionGroup !== need.collection || index.queryScope !== 'COLLECTION') return false;
  let fields = index.fields;
  const last = fields.at(-1);
  if (last?.fieldPath === NAME) {
    if ((last.order === 'DESCENDING') !== need.nameDescending) return false;
    fields = fields.slice(0, -1);
  } else if (need.orders.at(-1)!.descending !== need.nameDescending) return false;
  if (fields.length !== need.equality.size + need.orders.length) return false;
  const prefix = fields.slice(0, need.equality.size);
  for (const f of prefix) {
    const kind = need.equality.get(f.fieldPath);
    if (!kind || (kind === 'contains') !== (f.arrayConfig === 'CONTAINS')) return false;
  }
  if (new Set(prefix.map((f) => f.fieldPath)).size !== prefix.length) return false;
  return need.orders.every((o, i) => {
    const f = fields[need.equality.size + i]!;
    return f.fieldPath === o.field && !f.arrayConfig && (f.order === 'DESCENDING') === o.descending;
  });
}

/** The composite index `query` needs and `indexes` lack, written as firestore.indexes.json would list it; null when served. */
export function missingIndex(query: QueryShape, indexes: readonly IndexSpec[]): string | null {
  const need = needOf(query);
  if (!need || indexes.some((index) => serves(index, need))) return null;
  const fields = [
    ...[...need.equality].map(([field, kind]) => `${field} ${kind === 'contains' ? 'CONTAINS' : 'ASCENDING'}`),
    ...need.orders.map((o) => `${o.field} ${o.descending ? 'DESCENDING' : 'ASCENDING'}`),
    `${NAME} ${need.nameDescending ? 'DESCENDING' : 'ASCENDING'}`,
  ];
  return `${need.collection} (${fields.join(', ')})`;
}
