import type { Request } from 'express';
import { Firestore, type DocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { COL } from '../firestore/collections';
import { HttpError } from './errors';
import { idempotencyKey, keyedResponseRef, priorResponse } from './idempotency';

const withHeader = (value: string | string[] | undefined) => ({ headers: value === undefined ? {} : { 'idempotency-key': value } }) as unknown as Request;

describe('idempotencyKey', () => {
  it('reads the header when it is 1 to 100 letters, digits or . _ : -', () => {
    expect(idempotencyKey(withHeader(undefined))).toBeNull();
    expect(idempotencyKey(withHeader('buy-once_1.2:3'))).toBe('buy-once_1.2:3');
    expect(idempotencyKey(withHeader('k'.repeat(100)))).toBe('k'.repeat(100));
  });

  it.each([[''], ['k'.repeat(101)], ['a b'], ['a/b'], [['a', 'b']]])('refuses %j with a 400', (value) => {
    expect(() => idempotencyKey(withHeader(value))).toThrow(HttpError);
    expect(() => idempotencyKey(withHeader(value))).toThrow('Idempotency-Key must be 1 to 100 letters, digits or . _ : -');
  });
});

describe('keyed responses', () => {
  it('keeps one document per user and key', () => {
    const db = new Firestore({ projectId: 'demo-idempotency' });
    expect(keyedResponseRef(db, COL.orderKeys, 'u1', 'k1').path).toBe('order_keys/u1:k1');
    expect(keyedResponseRef(db, COL.submissionKeys, 'u1', 'k1').path).toBe('submission_keys/u1:k1');
  });

  it('replays the stored response, and nothing for a new key', () => {
    const snap = (response: unknown) => ({ exists: response !== undefined, get: () => response }) as unknown as DocumentSnapshot;
    expect(priorResponse(snap({ order: { id: 'o1' } }))).toEqual({ order: { id: 'o1' } });
    expect(priorResponse(snap(undefined))).toBeNull();
  });
});
