import { FieldValue, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger, type LogEntry } from 'firebase-functions/logger';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { converter, serverTime, StoredDocError } from './typed-collection';

let entries: LogEntry[] = [];
beforeEach(() => {
  entries = [];
  vi.stubEnv('API_LOG', '');
  vi.spyOn(logger, 'write').mockImplementation((entry) => void entries.push(entry));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const order = z.object({ id: z.string(), amount: z.number(), note: z.nullable(z.string()), updatedAt: serverTime });
const orders = converter(order, 'orders', { withId: true });

/** What fromFirestore is handed: a stored document's id and data. */
const snapOf = (id: string, data: Record<string, unknown>) => ({ id, data: () => data }) as unknown as QueryDocumentSnapshot;

describe('converter', () => {
  it('reads a stored document that matches its schema, with its id', () => {
    const at = Timestamp.fromMillis(1_000);
    expect(orders.fromFirestore(snapOf('o1', { amount: 15, note: null, updatedAt: at }))).toEqual({ id: 'o1', amount: 15, note: null, updatedAt: at });
    expect(entries).toEqual([]);
  });

  it('logs a malformed document (where, not what) and throws a StoredDocError instead of a value', () => {
    const read = () => orders.fromFirestore(snapOf('o2', { amount: '15', note: 'secret note', updatedAt: 5 }));
    expect(read).toThrow(StoredDocError);
    let thrown: unknown;
    try {
      read();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ collection: 'orders', id: 'o2', issues: [expect.stringMatching(/^amount: /), 'updatedAt: Expected a Firestore timestamp'] });
    expect(entries[0]).toMatchObject({ severity: 'ERROR', event: 'stored_doc_invalid', collection: 'orders', id: 'o2', issues: [expect.stringMatching(/^amount: /), 'updatedAt: Expected a Firestore timestamp'] });
    expect(JSON.stringify(entries)).not.toContain('secret note');
  });

  it('names a missing field', () => {
    expect(() => orders.fromFirestore(snapOf('o3', { note: null, updatedAt: Timestamp.now() }))).toThrow(/orders\/o3 does not match its schema: amount: /);
  });

  it('passes writes through untouched, sentinels included', () => {
    const write = { id: 'o4', amount: 1, note: null, updatedAt: FieldValue.serverTimestamp() };
    expect(orders.toFirestore(write)).toBe(write);
  });
});
